/**
 * Osalejad (the manifest): everyone on the edition's confirmed bookings, companions included, with what the organiser
 * needs for flights, insurance and the hotel. Never health information: that is only on the health sheet.
 */
import { formatDateEt } from '../../../../src/lib/format';
import { PASSPORT_VALID_MONTHS, TRAVEL_FIELD_LABELS } from '../../../../src/lib/travel-details';
import { AGREEMENT_KINDS, AGREEMENT_LABELS, AGREEMENT_MESSAGES } from '../../../../src/lib/agreement-labels';
import { warn, type Sheet, type SheetCell } from './document';
import { ageAtStart, byName, orDash, type SheetEdition, type SheetPerson } from './people';

export const MANIFEST_CSV_HEADER = [
  'Nimi',
  'Roll',
  'Broneeringu nr',
  'Vanus alguses',
  'Sünnikuupäev',
  'Kodakondsus',
  'Passi number',
  'Pass kehtib kuni',
  `Pass kehtib alla ${PASSPORT_VALID_MONTHS} kuu pärast reisi`,
  'Toitumine',
  'Hädaabikontakt',
  'Hädaabikontakti telefon',
  'Seos',
  'Reisiandmed',
  'Allkirjad',
];

const emergency = (p: SheetPerson) => [p.details.emergencyName, p.details.emergencyRelationship].filter(Boolean).join(', ');
/** Issue 42: "Allkirjastatud", or what is still awaited ("Ootab: osaleja deklaratsioon"). */
export function signatures(p: Pick<SheetPerson, 'signed'>): string {
  const awaited = AGREEMENT_KINDS.filter((kind) => !p.signed[kind]).map((kind) => AGREEMENT_LABELS[kind].toLocaleLowerCase('et'));
  return awaited.length === 0 ? 'Allkirjastatud' : `${AGREEMENT_MESSAGES.pending}: ${awaited.join(', ')}`;
}
const completeness = (p: SheetPerson) => (p.complete ? 'Täidetud' : `Puudu: ${p.missing.map((f) => TRAVEL_FIELD_LABELS[f].toLowerCase()).join(', ')}`);

export function manifestSheet(edition: SheetEdition, people: readonly SheetPerson[], generatedAt: string): Sheet {
  const sorted = [...people].sort(byName);
  const flagged = sorted.filter((p) => p.passportWarning);
  const incomplete = sorted.filter((p) => !p.complete);
  const rows: SheetCell[][] = sorted.map((p) => {
    const age = ageAtStart(p, edition);
    const expiry = p.details.passportExpiry ? formatDateEt(p.details.passportExpiry) : '–';
    return [
      `${p.name}${p.role === 'companion' ? ' (kaasreisija)' : ''}`,
      age === null ? '–' : String(age),
      orDash(p.details.nationality),
      orDash(p.details.passportNumber),
      p.passportWarning ? warn(`${expiry} (alla ${PASSPORT_VALID_MONTHS} kuu)`) : expiry,
      orDash(p.details.dietary),
      [emergency(p), p.details.emergencyPhone].filter(Boolean).join(' · ') || '–',
      p.complete ? 'Täidetud' : warn(`Puudu ${p.missing.length}`),
      p.signed.terms && p.signed.waiver ? 'Jah' : warn(AGREEMENT_MESSAGES.pending),
    ];
  });
  return {
    document: {
      title: 'Osalejad',
      edition,
      generatedAt,
      summary: [
        `Inimesi: ${sorted.length} (kinnitatud broneeringud, kaasreisijad kaasa arvatud)`,
        `Reisiandmed täidetud: ${sorted.length - incomplete.length} / ${sorted.length}`,
        `Tingimused ja osaleja deklaratsioon allkirjastatud: ${sorted.filter((p) => p.signed.terms && p.signed.waiver).length} / ${sorted.length}`,
        ...(flagged.length ? [`Pass kehtib alla ${PASSPORT_VALID_MONTHS} kuu pärast reisi lõppu: ${flagged.map((p) => p.name).join(', ')}`] : []),
      ],
      tables: [
        {
          columns: [
            { label: 'Nimi', width: 1.5 },
            { label: 'Vanus', width: 0.45 },
            { label: 'Kodakondsus', width: 0.8 },
            { label: 'Pass', width: 0.85 },
            { label: 'Kehtib kuni', width: 1.15 },
            { label: 'Toitumine', width: 1.1 },
            { label: 'Hädaabikontakt', width: 1.6 },
            { label: 'Andmed', width: 0.6 },
            { label: 'Allkiri', width: 0.55 },
          ],
          rows,
          empty: 'Kinnitatud broneeringuid ei ole.',
        },
      ],
      notes: ['Terviseandmed on eraldi nimekirjas („Terviseandmed“).'],
    },
    csv: {
      header: MANIFEST_CSV_HEADER,
      rows: sorted.map((p) => {
        const age = ageAtStart(p, edition);
        return [
          p.name,
          p.role === 'main' ? 'Broneerija' : 'Kaasreisija',
          p.bookingId,
          age === null ? '' : age,
          p.details.dateOfBirth ? formatDateEt(p.details.dateOfBirth) : '',
          p.details.nationality ?? '',
          p.details.passportNumber ?? '',
          p.details.passportExpiry ? formatDateEt(p.details.passportExpiry) : '',
          p.passportWarning ? 'Jah' : '',
          p.details.dietary ?? '',
          p.details.emergencyName ?? '',
          p.details.emergencyPhone ?? '',
          p.details.emergencyRelationship ?? '',
          completeness(p),
          signatures(p),
        ];
      }),
    },
  };
}
