/**
 * What the matcher looks for in a bank transaction besides the structured reference: Estonian reference numbers a
 * payer typed into the free text instead of the reference field, and words that may be invoice numbers. Both only
 * propose candidates; whether one belongs to a booking or an invoice is the matcher's question.
 */
import { isValidReferenceNumber } from '../../../src/lib/reference-number';

/**
 * A structured reference as it is compared: whitespace and line breaks removed ("1234 561" → "1234561"). An ISO 11649
 * creditor reference ("RF18 5390 0754 7034") keeps its letters: it is a reference, just not a 7-3-1 number.
 */
export function normaliseReference(raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/\s+/g, '');
  return compact === '' ? null : compact;
}

/**
 * IBANs, whose digits are an account and not a reference: an Estonian one (EE and 18 digits) written whole or in
 * groups of four ("EE38 2200 2210 2014 5685"), any other written whole. Foreign IBANs in groups are not looked for:
 * their lengths vary, and a pattern loose enough to take them would also swallow a reference written after one.
 */
const IBAN = /\bEE\d{2}(?:\s?\d{4}){4}\b|\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/gi;

/**
 * Marks that end a word for the reference search but are not whitespace: "ref:1234561", "(1234561)", "nr=1234561".
 * Dots, commas, dashes and slashes are not among them, so "12.05.2026", "300,00", "2026/7" and "ARV-2026-0007" stay
 * whole words with something else than digits in them, and none of their digit runs is taken for a reference.
 */
const WORD_BREAKS = /[\s:;=#()[\]{}<>"'«»„“”]+/;

const MIN_DIGITS = 2;
const MAX_DIGITS = 20;

/**
 * Reference numbers that pass the 7-3-1 check in free text, in order of appearance, each once. A payer (or the bank's
 * line wrapping) may split one with spaces or line breaks ("viitenumber 1 2345 6", "…12345\n61"), so neighbouring
 * runs of digits separated only by whitespace are also tried joined, as long as the whole stays within 2 to 20 digits.
 * Runs inside dates, amounts, IBANs and other words mixed with letters or punctuation are left out.
 */
export function referenceCandidatesInText(text: string): string[] {
  const words = text.replace(IBAN, ' IBAN ').split(WORD_BREAKS);
  const found = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    for (let start = 0; start < run.length; start++) {
      const joined: string[] = [];
      let candidate = '';
      for (let end = start; end < run.length && candidate.length + run[end]!.length <= MAX_DIGITS; end++) {
        candidate += run[end];
        joined.push(candidate);
      }
      // The longest joining first: "1 2345 6" is more likely one number than three.
      for (const c of joined.reverse()) if (c.length >= MIN_DIGITS && isValidReferenceNumber(c)) found.add(c);
    }
    run = [];
  };
  for (const raw of words) {
    // A sentence's own punctuation around a number ("… 1234561." or "1234561,") is not part of it.
    const word = raw.replace(/^[.,!?]+|[.,!?]+$/g, '');
    if (word === '') {
      // A lone "," or "." between numbers separates them.
      if (raw !== '') flush();
      continue;
    }
    if (/^\d+$/.test(word) && word.length <= MAX_DIGITS) {
      // "1234561, 1234574" is a list of two numbers, not one broken by a space.
      if (/^[.,!?]/.test(raw)) flush();
      run.push(word);
      if (/[.,!?]$/.test(raw)) flush();
    } else flush();
  }
  flush();
  return [...found];
}

/** Hyphens and dashes people type for a dash: an invoice number "ARV–2026–0007" from a word processor is "ARV-2026-0007". */
const DASHES = /[\u2010-\u2015\u2212]/g;

/**
 * Upper-case words of letters, digits, dashes and slashes, 3 to 40 characters, each once in order of appearance:
 * the candidates for an invoice number ("ARV-2026-0007", "2026/7") in free text, whatever the configured format.
 */
export function tokensInText(text: string): string[] {
  const found = new Set<string>();
  for (const [word] of text.replace(DASHES, '-').matchAll(/[\p{L}\p{N}/-]+/gu)) {
    const token = word.replace(/^[/-]+|[/-]+$/g, '').toUpperCase();
    if (token.length >= 3 && token.length <= 40) found.add(token);
  }
  return [...found];
}
