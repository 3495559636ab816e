/** Free text is capped at this many characters after cleaning (spec section 9). */
export const FREE_TEXT_MAX = 1000;

/** Every way text can break a line: CRLF and lone CR (one break each), LF, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR. */
const LINE_BREAKS = /\r\n?|[\n\v\f\u0085\u2028\u2029]/g;
/** C0 controls but tab and line feed, DEL, and C1 controls: NUL, ESC (terminal escapes) and the like. */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/**
 * Explicit bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, they make the text
 * around them display in another order than it is stored ("Trojan Source"), e.g. in the admin screens or a mail.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Half of a UTF-16 pair without its other half: not a character, and invalid in UTF-8 (the database, mail). */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The spec's free-text sanitiser (trim, drop whole <script> blocks, drop every remaining angle bracket, cap the
 * length) plus the characters nobody types into a form: controls, bidi overrides and lone surrogates. Controls go
 * first, so `<scr\0ipt>` cannot survive as a script block. `lineBreak` is what a line break becomes.
 */
function clean(value: string, lineBreak: '\n' | ' ', max: number): string {
  let text = value.replace(LONE_SURROGATES, '').replace(LINE_BREAKS, lineBreak);
  if (lineBreak === ' ') text = text.replace(/\t/g, ' ');
  text = text
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*>[\s\S]*$/gi, '')
    .replace(/[<>]/g, '')
    .trim()
    .slice(0, max);
  // The cut may fall inside a surrogate pair (an emoji at the limit): drop the half it leaves.
  return text.replace(/[\uD800-\uDBFF]$/, '').trimEnd();
}

/**
 * Multi-line free text (messages, dietary needs): keeps line feeds (CRLF and CR become LF) and tabs. Applied by the
 * shared schemas, so the server stores exactly what the form would have sent. `max` is for a field with a longer
 * limit of its own (the feedback comment), which refuses a longer text rather than cutting it.
 */
export function sanitizeFreeText(value: string, max: number = FREE_TEXT_MAX): string {
  return clean(value, '\n', max);
}

/**
 * Single-line text (a contact subject, which becomes a mail's Subject header): every line break and tab becomes a
 * space, so nothing can start a new header line.
 */
export function sanitizeSingleLine(value: string, max: number): string {
  return clean(value, ' ', max);
}
