/**
 * What every guest of an edition is told when the organiser decides its go/no-go (issue 24): it goes ahead, or it is
 * cancelled, why, and what comes back. Written through `guestNoticeInsert` (./guest-notices), in the batch that
 * records the decision, so a refused or repeated decision tells no one.
 */
import { formatMoney } from '../../../src/lib/format';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import { retreatDays, type Notice } from './guest-notices';

interface Edition {
  name: string;
  startDate: string | null;
  endDate: string | null;
}

const name = SITE_CONTACTS.retreatName;

export const EDITION_NOTICES = {
  confirmed: (edition: Edition, bookingId: number): Notice => ({
    subject: `Retriit toimub – ${name}`,
    paragraphs: [
      `Hea uudis: retriit „${edition.name}“ (${retreatDays(edition)}) toimub. Osalejaid on piisavalt ja kinnitame toimumise.`,
      `Teie broneeringu nr ${bookingId} makseid ja reisiandmeid näete oma kontol. Saadame enne algust veel praktilist infot.`,
    ],
  }),
  cancelled: (edition: Edition, b: { id: number; refundCents: number; invoices: number }, reason: string): Notice => ({
    subject: `Retriit jääb ära – ${name}`,
    paragraphs: [
      `Kahjuks peame retriidi „${edition.name}“ (${retreatDays(edition)}) ära jätma. Põhjus: ${reason}`,
      `Teie broneering nr ${b.id} on tühistatud. Kuna tühistasime meie, ei kehti tühistamistingimuste tasud.`,
      b.refundCents > 0
        ? `Tagastame Teile kogu makstud summa, ${formatMoney(b.refundCents)}, samale kontole, kust makse tuli.`
        : 'Te ei ole selle broneeringu eest veel midagi tasunud, seega ei ole midagi tagastada ega midagi tasuda.',
      ...(b.invoices > 0 ? [`${b.invoices === 1 ? 'Arve tühistame' : 'Arved tühistame'} kreeditarvega: Teil ei ole meile midagi maksta.`] : []),
      'Vabandame ja loodame Teid näha mõnel järgmisel retriidil.',
    ],
  }),
};
