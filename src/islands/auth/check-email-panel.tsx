/** After signing up: where the confirmation link went, and sending it again. */
import { useState } from 'react';
import { postJson } from '../forms/post-json';
import { toast } from '../toast';
import { AUTH_TOASTS } from './auth-toasts';

export function CheckEmailPanel({ email, onBack }: { email: string; onBack: () => void }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await postJson('/api/auth/resend', { email });
    setSending(false);
    if (result.ok) toast(AUTH_TOASTS.confirmationResent);
    else toast({ variant: 'destructive', title: 'Saatmine ebaõnnestus', description: result.message ?? AUTH_TOASTS.tryAgain });
  };
  return (
    <div className="space-y-5" data-check-email>
      <p>
        Konto on loodud. Saatsime kinnituslingi aadressile <strong>{email}</strong>. Avage e-kirjas olev link, et konto kinnitada
        ja sisse logida. Link kehtib 24 tundi.
      </p>
      <p className="text-sm text-ink-600">Kirja ei tulnud? Vaadake ka rämpsposti kausta või saatke link uuesti.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" onClick={() => void resend()} disabled={sending}>
          {sending ? 'Saadan...' : 'Saada link uuesti'}
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Tagasi sisselogimise juurde
        </button>
      </div>
    </div>
  );
}
