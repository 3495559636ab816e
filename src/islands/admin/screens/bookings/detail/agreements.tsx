/**
 * Issue 42: who of the booking's travellers has signed the terms and the waiver in force, and the evidence of each
 * signature ("Allkirjastatud 12.12.2026 14:03 · versioon 2026-11 · sha256 …"), or "Ootab".
 */
import { useState } from 'react';
import { AGREEMENT_KINDS, AGREEMENT_LABELS, AGREEMENT_MESSAGES, SIGNING_METHOD_LABELS, type AcceptanceEvidence } from '../../../../../lib/agreement-labels';
import { formatDateTime } from '../../../../../lib/format';
import { useBookingAgreements } from '../../../api/bookings';
import { Badge } from '../../../ui/badge';
import { Section } from '../../../ui/detail-parts';
import { QueryView } from '../../../ui/states';
import { Button } from '../../../ui/button';
import { lazyComponent } from '../../../../lazy-component';

// The signing-link form (its fields, react-hook-form and the schema) loads when the dialog is first opened.
const SigningLinkDialog = lazyComponent(() => import('./signing-link-dialog').then((m) => m.SigningLinkDialog));

function Evidence({ evidence }: { evidence: AcceptanceEvidence | null }) {
  if (!evidence) return <Badge tone="yellow">{AGREEMENT_MESSAGES.pending}</Badge>;
  return (
    <span className="text-sm">
      <Badge tone="green">{AGREEMENT_MESSAGES.signed(formatDateTime(evidence.signedAt), evidence.version, evidence.textSha256)}</Badge>
      <span className="ml-2 text-ink-600">
        {evidence.signedBy === 'guardian' ? AGREEMENT_MESSAGES.byGuardian(evidence.signedName) : evidence.signedName}, {SIGNING_METHOD_LABELS[evidence.method]}
        {evidence.ip && ` · IP ${evidence.ip}`}
      </span>
    </span>
  );
}

export function BookingAgreements({ bookingId }: { bookingId: string }) {
  const agreements = useBookingAgreements(bookingId);
  const [linkFor, setLinkFor] = useState<{ guestId: string; name: string } | null>(null);
  return (
    <Section id="booking-agreements" title="Allkirjad">
      <QueryView query={agreements} loading="Allkirjade laadimine..." failed="Allkirjade laadimine ebaõnnestus">
        {(travellers) => (
          <ul role="list" className="divide-y divide-sand-200">
            {travellers.map((traveller) => (
              <li key={traveller.guestId} className="py-3" data-agreements={traveller.name}>
                <p className="font-semibold">
                  {traveller.name}
                  {traveller.minor && <span className="ml-2 text-sm font-normal text-ink-600">(alaealine)</span>}
                </p>
                <dl className="mt-1 space-y-1">
                  {AGREEMENT_KINDS.map((kind) => (
                    <div key={kind} className="flex flex-wrap items-baseline gap-2" data-agreement={kind}>
                      <dt className="w-44 shrink-0 text-sm text-ink-600">{AGREEMENT_LABELS[kind]}</dt>
                      <dd>
                        <Evidence evidence={traveller[kind]} />
                      </dd>
                    </div>
                  ))}
                </dl>
                {/* An adult who has not signed both signs for themself: their own link (a minor's guardian signs). */}
                {!traveller.minor && (!traveller.terms || !traveller.waiver) && (
                  <Button variant="outline" size="sm" className="mt-2" onPress={() => setLinkFor({ guestId: traveller.guestId, name: traveller.name })}>
                    {AGREEMENT_MESSAGES.sendLink}
                    <span className="sr-only">: {traveller.name}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {linkFor && <SigningLinkDialog bookingId={bookingId} traveller={linkFor} onClose={() => setLinkFor(null)} />}
    </Section>
  );
}
