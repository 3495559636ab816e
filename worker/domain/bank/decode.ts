/**
 * The text of an uploaded statement file. A file does not say how its text is encoded, and the banks, their older
 * exports and the spreadsheets people pass a file through write UTF-8, UTF-16 or a Windows code page, so the encoding
 * is told from the bytes (docs/decisions/031). Web APIs only: TextDecoder's labels are the WHATWG Encoding Standard's,
 * which Workers and Node both implement.
 */

type StatementEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1257' | 'windows-1252';

/** The bytes as text, a byte-order mark dropped. Never throws: every byte sequence is some single-byte text. */
export function decodeStatementBytes(bytes: Uint8Array): string {
  const unicode = byteOrderMark(bytes) ?? utf16FromAsciiStart(bytes);
  if (unicode) return decode(bytes, unicode);
  return strictUtf8(bytes) ?? decode(bytes, singleByteCodePage(bytes));
}

/** A byte-order mark names its encoding outright; without one, nothing else in the file does. */
function byteOrderMark(bytes: Uint8Array): StatementEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 written without a byte-order mark. Every statement starts with ASCII (`<?xml`, a CSV header), which UTF-16
 * writes as the byte and a NUL; no 8-bit text has a NUL there. Looking at two characters is enough for that.
 */
function utf16FromAsciiStart(bytes: Uint8Array): StatementEncoding | null {
  const ascii = (i: number) => bytes[i] !== undefined && bytes[i] !== 0 && bytes[i]! < 0x80;
  if (ascii(0) && bytes[1] === 0 && ascii(2) && bytes[3] === 0) return 'utf-16le';
  if (bytes[0] === 0 && ascii(1) && bytes[2] === 0 && ascii(3)) return 'utf-16be';
  return null;
}

/** The text when the bytes are valid UTF-8, else null. Text in a code page with letters above 0x7F almost never is. */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

// Š š Ž ž in windows-1257; in windows-1252 they are Ð ð Þ þ, which Estonian text never has.
const BALTIC_ONLY = new Set([0xd0, 0xf0, 0xde, 0xfe]);
// Š š Ž ž in windows-1252; in windows-1257 unassigned (0x8A, 0x9A) or a lone caron and ogonek (0x8E ˇ, 0x9E ˛).
const WESTERN_ONLY = new Set([0x8a, 0x9a, 0x8e, 0x9e]);

/**
 * windows-1257 (Baltic), the code page Estonian banks' CSV exports use, or windows-1252 (Western), which older
 * exports and spreadsheets on Western Windows write. The two agree on õ ä ö ü Õ Ä Ö Ü and differ on š ž Š Ž, so those
 * bytes decide. With none of them either page reads the file's Estonian letters alike, and the Baltic one is the
 * banks'. A file with both kinds is read as Baltic: as windows-1252 it would hold Ð ð Þ þ, which no Estonian name has.
 */
function singleByteCodePage(bytes: Uint8Array): StatementEncoding {
  if (bytes.some((b) => BALTIC_ONLY.has(b))) return 'windows-1257';
  if (bytes.some((b) => WESTERN_ONLY.has(b))) return 'windows-1252';
  return 'windows-1257';
}

function decode(bytes: Uint8Array, encoding: StatementEncoding): string {
  // ignoreBOM: false drops a byte-order mark of the decoder's own encoding (Workers' types want it spelled out).
  return new TextDecoder(encoding, { fatal: false, ignoreBOM: false }).decode(bytes);
}
