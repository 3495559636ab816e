/**
 * "Minu andmed" (issue "Guest portal"): download everything kept about the account as JSON, or delete the account.
 * Deletion asks for the password and says what stays (what accounting law requires) before it is confirmed.
 */
import { useState } from 'react';
import { lazyComponent } from '../lazy-component';
import { DownloadLink } from './download-link';

// The deletion form (the password field, react-hook-form) loads when "Kustuta minu konto" is pressed.
const DeleteForm = lazyComponent(() => import('./delete-account-form').then((m) => m.DeleteAccountForm));

export function MyData({ onSessionOver }: { onSessionOver: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return (
    <section aria-labelledby="my-data-title" className="card space-y-4 p-5 sm:p-6">
      <h2 id="my-data-title" className="text-2xl text-lagoon-900">
        Minu andmed
      </h2>
      {deleted ? (
        <p role="status">Konto on kustutatud. Aitäh, et olite meiega!</p>
      ) : (
        <>
          <div className="space-y-2">
            <p className="text-ink-600">Laadige alla kõik, mida Teie konto ja broneeringute kohta hoiame (JSON-fail).</p>
            <DownloadLink href="/api/me/export" className="btn-outline" onSessionOver={onSessionOver}>
              Laadi alla minu andmed
            </DownloadLink>
          </div>
          <div className="space-y-2 border-t border-sand-200 pt-4">
            <h3 className="text-lg font-semibold text-ink-900">Konto kustutamine</h3>
            <p className="text-sm text-ink-600">
              Kustutame konto, reisiandmed (pass, sünniaeg, hädaabikontakt, toitumis- ja terviseandmed), telefoninumbri ja Teie kirjade sisu. Alles jäävad
              broneeringud nime ja e-posti aadressiga, maksed ja arved, sest raamatupidamise seadus nõuab nende säilitamist 7 aastat. Eelseisva broneeringu korral
              tühistage see enne.
            </p>
            {deleting ? (
              <DeleteForm onCancel={() => setDeleting(false)} onDeleted={() => setDeleted(true)} />
            ) : (
              <button type="button" className="btn-outline" onClick={() => setDeleting(true)}>
                Kustuta minu konto
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
