import { useEffect, useRef, useState } from 'react';
import { postJson } from '../forms/post-json';
import { useAuth } from './auth-context';

/** The confirmation link's landing: confirms once, which also signs the user in. */
export function ConfirmPanel({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  const { setSession } = useAuth();
  const [state, setState] = useState<{ status: 'pending' } | { status: 'done' } | { status: 'failed'; message: string }>({ status: 'pending' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void postJson('/api/auth/confirm', { token }).then((result) => {
      if (result.ok) {
        setSession(result.data);
        setState({ status: 'done' });
      } else {
        setState({ status: 'failed', message: result.message ?? 'Link on vigane või juba kasutatud.' });
      }
    });
  }, [token, setSession]);

  if (state.status === 'pending') {
    return (
      <p role="status" className="flex items-center gap-3 text-ink-600">
        <span className="spinner" aria-hidden="true" /> Kinnitan e-posti aadressi...
      </p>
    );
  }
  if (state.status === 'done') {
    return (
      <div role="status" className="space-y-5" data-confirmed>
        <p className="rounded-2xl bg-lagoon-50 p-4">E-posti aadress on kinnitatud. Olete sisse logitud.</p>
        <a href="/" className="btn-primary">
          Mine avalehele
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-5" data-confirm-failed>
      <p role="alert" className="rounded-2xl bg-clay-600/10 p-4 text-clay-700">
        {state.message}
      </p>
      <p className="text-ink-600">Kui konto on juba kinnitatud, logige lihtsalt sisse. Uue kinnituslingi saate sisselogimisvormist.</p>
      <button type="button" className="btn-secondary" onClick={onSignIn}>
        Logi sisse
      </button>
    </div>
  );
}
