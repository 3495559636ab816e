/** After signing up: where the confirmation link went, and sending it again. */
import { toastError } from '../toast';
import { AUTH_TOASTS } from './auth-toasts';
import { useResendConfirmation } from './use-resend-confirmation';

export function CheckEmailPanel({ email, onBack }: { email: string; onBack: () => void }) {
  const { sending, resend } = useResendConfirmation(email, (result) => toastError('Saatmine ebaõnnestus', result.message ?? AUTH_TOASTS.tryAgain));
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
