/**
 * Köök (the kitchen sheet): how many eat what, and every restriction named, per person. The menu is vegan; a guest
 * may take the ayurvedic juice fast or have meat added (content/faq). Diets are free text (the booking form's
 * "Toitumispiirangud", then the traveller's "Toitumisvajadused"), so each is read by its words: a juice fast, meat
 * added (unless the words say no meat), vegan (nothing said, or only "vegan"), otherwise "other" (gluten-free, no
 * nuts and the like, named on the sheet). Food allergies and intolerances, which the traveller gives the kitchen in
 * their own field, are printed per person (docs/decisions/034); the health information's allergies stay on the health
 * sheet.
 */
import type { Sheet } from './document';
import { byName, type SheetEdition, type SheetPerson } from './people';

export const DIETS = ['vegan', 'juice', 'meat', 'other'] as const;
export type Diet = (typeof DIETS)[number];
export const DIET_LABELS: Record<Diet, string> = { vegan: 'Vegan', juice: 'Mahlapaast', meat: 'Liha lisaks', other: 'Muu' };

const JUICE = /mahla|juice/i;
const NO_MEAT = /(\bei\b|\bmitte\b|ilma|\bno\b|without|\bnot?\b)[^,.;]{0,20}(liha|meat)|lihata/i;
const MEAT = /liha|meat|kana|chicken|kala\b|kalaga|fish|veis|sealiha|beef|pork/i;
const ONLY_VEGAN = /^(vegan\w*|taimetoit\w*|tavaline|ei ole|pole|-|–)?[\s.!]*$/i;

/** The menu a person's diet text asks for. */
export function dietOf(text: string | null | undefined): Diet {
  const value = (text ?? '').trim();
  if (JUICE.test(value)) return 'juice';
  if (MEAT.test(value) && !NO_MEAT.test(value)) return 'meat';
  if (ONLY_VEGAN.test(value)) return 'vegan';
  return 'other';
}

export const KITCHEN_CSV_HEADER = ['Nimi', 'Broneeringu nr', 'Menüü', 'Piirangud ja soovid', 'Toiduallergiad ja -talumatused'];

export function kitchenSheet(edition: SheetEdition, people: readonly SheetPerson[], generatedAt: string): Sheet {
  const sorted = [...people].sort(byName);
  const counts: Record<Diet, number> = { vegan: 0, juice: 0, meat: 0, other: 0 };
  const rows = sorted.map((p) => {
    const diet = dietOf(p.details.dietary);
    counts[diet] += 1;
    return { p, diet, named: p.details.dietary?.trim() ?? '', allergies: p.details.foodAllergies?.trim() ?? '' };
  });
  return {
    document: {
      title: 'Köök',
      edition,
      generatedAt,
      summary: [`Inimesi: ${sorted.length}`, DIETS.map((d) => `${DIET_LABELS[d]}: ${counts[d]}`).join(' · ')],
      tables: [
        {
          heading: 'Toitumine',
          columns: [
            { label: 'Menüü', width: 1 },
            { label: 'Inimesi', width: 0.5 },
          ],
          rows: DIETS.map((d) => [DIET_LABELS[d], String(counts[d])]),
        },
        {
          heading: 'Piirangud ja soovid inimese kaupa',
          columns: [
            { label: 'Nimi', width: 1.3 },
            { label: 'Menüü', width: 0.8 },
            { label: 'Piirangud ja soovid', width: 1.8 },
            { label: 'Toiduallergiad', width: 1.6 },
          ],
          rows: rows.map(({ p, diet, named, allergies }) => [p.name, DIET_LABELS[diet], named || '–', allergies || '–']),
          empty: 'Kinnitatud broneeringuid ei ole.',
        },
      ],
      notes: ['Toiduallergiad on külaliste endi märgitud köögi jaoks. Muud allergiad (ravimid jms) on terviseandmete nimekirjas.'],
    },
    csv: { header: KITCHEN_CSV_HEADER, rows: rows.map(({ p, diet, named, allergies }) => [p.name, p.bookingId, DIET_LABELS[diet], named, allergies]) },
  };
}
