/**
 * Terviseandmed: the health information of everyone on the edition's confirmed bookings and nothing else about them
 * but their name, on a sheet of its own (a special category of personal data, GDPR art. 9). Only a PDF; each download
 * is audited (worker/admin/retreat-sheets.ts), and the sheet states when the data is erased.
 */
import { formatDateEt } from '../../../../src/lib/format';
import { HEALTH_DATA_KEPT_DAYS_AFTER_END, healthDataErasedOn } from '../../../../src/lib/travel-details';
import type { SheetDocument } from './document';
import { orDash, type SheetEdition } from './people';

export interface SheetHealthPerson {
  bookingId: number;
  position: number;
  name: string;
  conditions: string | null;
  medications: string | null;
  allergies: string | null;
  erasedAt: string | null;
}

const collator = new Intl.Collator('et', { sensitivity: 'base' });

export function healthSheet(edition: SheetEdition, people: readonly SheetHealthPerson[], generatedAt: string): SheetDocument {
  const sorted = [...people].sort((a, b) => collator.compare(a.name, b.name) || a.bookingId - b.bookingId || a.position - b.position);
  const withData = sorted.filter((p) => p.conditions || p.medications || p.allergies);
  const retention = edition.endDate
    ? `Terviseandmed kustutatakse ${HEALTH_DATA_KEPT_DAYS_AFTER_END} päeva pärast retriidi lõppu (${formatDateEt(healthDataErasedOn(edition.endDate))}), nagu privaatsuspoliitika ütleb. Hävitage paberkoopiad samaks päevaks.`
    : `Terviseandmed kustutatakse ${HEALTH_DATA_KEPT_DAYS_AFTER_END} päeva pärast retriidi lõppu, nagu privaatsuspoliitika ütleb.`;
  return {
    title: 'Terviseandmed',
    edition,
    generatedAt,
    summary: [`Inimesi: ${sorted.length}, neist terviseandmetega ${withData.length}`, 'Konfidentsiaalne: ainult retriidi korraldajatele.'],
    tables: [
      {
        columns: [
          { label: 'Nimi', width: 1.3 },
          { label: 'Terviseseisundid', width: 1.6 },
          { label: 'Ravimid', width: 1.4 },
          { label: 'Allergiad', width: 1.4 },
        ],
        rows: sorted.map((p) => [
          p.name,
          p.erasedAt ? `kustutatud ${formatDateEt(p.erasedAt)}` : orDash(p.conditions),
          p.erasedAt ? '' : orDash(p.medications),
          p.erasedAt ? '' : orDash(p.allergies),
        ]),
        empty: 'Kinnitatud broneeringuid ei ole.',
      },
    ],
    notes: [retention],
  };
}
