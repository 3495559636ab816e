/** Free text is capped at this many characters after cleaning (spec section 9). */
export const FREE_TEXT_MAX = 1000;

/**
 * The spec's free-text sanitiser: trim, drop whole <script> blocks, drop every remaining angle bracket, cut to
 * 1000 characters. Applied by the shared schemas, so the server stores exactly what the form would have sent.
 */
export function sanitizeFreeText(value: string): string {
  return value
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*>[\s\S]*$/gi, '')
    .replace(/[<>]/g, '')
    .trim()
    .slice(0, FREE_TEXT_MAX);
}
