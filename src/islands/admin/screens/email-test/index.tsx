/**
 * /email-test (admin spec section 2): a test address (a sample by default) and two buttons: a short test e-mail,
 * and the real booking confirmation sent through the outbox. The outcome of the last send stays on screen.
 */
import { useState } from 'react';
import { emailField } from '../../../../lib/validation/fields';
import { toastError } from '../../../toast';
import { useEmailTest, type EmailTestKind } from '../../api/dashboard';
import { ApiRequestError } from '../../../api/client';
import { ScreenHeading } from '../../shell';
import { Button } from '../../ui/button';
import { TextInputField } from '../../ui/text-field';

export const SAMPLE_ADDRESS = 'test@example.com';

const OUTCOMES = {
  sent: 'Saadetud SendGridi kaudu.',
  logged: 'Kirjutatud kohalikku meililogisse (SendGridi võtit ei ole seadistatud): vaadake serveri väljundit.',
  queued: 'Järjekorras: saatmine kordub taustal.',
  failed: 'Saatmine ebaõnnestus.',
} as const;

const FAILURE_TOAST: Record<EmailTestKind, string> = {
  test: 'Email test failed',
  booking_confirmation: 'Real booking email test failed',
};

export default function EmailTest() {
  const [email, setEmail] = useState(SAMPLE_ADDRESS);
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<{ kind: EmailTestKind; text: string; ok: boolean } | null>(null);
  const send = useEmailTest();

  const run = (kind: EmailTestKind) => {
    // The shared e-mail rule first: an address the API would refuse is not worth a request.
    const address = emailField.safeParse(email);
    if (!address.success) {
      const message = address.error.issues[0]?.message;
      setFieldError(message);
      setOutcome({ kind, text: message ?? '', ok: false });
      toastError(FAILURE_TOAST[kind], message);
      return;
    }
    setFieldError(undefined);
    send.mutate(
      { email: address.data, kind },
      {
        onSuccess: ({ result }) => {
          setOutcome({ kind, text: OUTCOMES[result], ok: result !== 'failed' });
          if (result === 'failed') toastError(FAILURE_TOAST[kind]);
        },
        onError: (error) => {
          const detail = error instanceof ApiRequestError ? error.details.find((d) => d.path === 'email')?.message : undefined;
          if (detail) setFieldError(detail);
          setOutcome({ kind, text: error.message, ok: false });
          toastError(FAILURE_TOAST[kind], error);
        },
      },
    );
  };
  const pendingKind = send.isPending ? send.variables?.kind : undefined;

  return (
    <>
      <ScreenHeading title="E-posti test" intro="Saatke testkiri või päris broneeringu kinnitus, et näha, kas e-kirjad jõuavad kohale." />
      <form className="card mt-8 max-w-xl space-y-5" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextInputField label="Testi e-posti aadress" type="email" value={email} onChange={setEmail} errorMessage={fieldError} isRequired autoComplete="email" />
        <div className="flex flex-wrap gap-3">
          <Button onPress={() => run('test')} isPending={pendingKind === 'test'} isDisabled={send.isPending}>
            Testi broneeringu e-kirja
          </Button>
          <Button variant="outline" onPress={() => run('booking_confirmation')} isPending={pendingKind === 'booking_confirmation'} isDisabled={send.isPending}>
            Testi päris broneeringu e-kirja funktsiooni
          </Button>
        </div>
        <div role="status" aria-live="polite" data-email-test-outcome>
          {outcome && (
            <p className={`rounded-xl p-4 text-sm ${outcome.ok ? 'bg-lagoon-50 text-lagoon-900' : 'bg-rose-50 text-rose-900'}`}>
              {outcome.kind === 'test' ? 'Testkiri' : 'Broneeringu kinnitus'}: {outcome.text}
            </p>
          )}
        </div>
      </form>
    </>
  );
}
