/**
 * A run sheet (./document.ts) as an A4 PDF, landscape so a manifest's eight columns fit: @cantoo/pdf-lib with the
 * invoices' Noto Sans subset embedded, so õ ä ö ü š ž print and copy as themselves. The module the Workers host loads
 * on demand (scripts/build-lazy-modules.ts: sheets-pdf; deps.sheetsPdf), never from code every request loads.
 */
import {
  beginText,
  endText,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import { formatDateEt } from '../../../../src/lib/format';
import { NOTO_SANS_BOLD_BASE64, NOTO_SANS_REGULAR_BASE64 } from '../../invoices/fonts.generated';
import { cellText, type SheetCell, type SheetDocument, type SheetTable } from './document';
import { editionDays } from './people';

const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 36;
const WIDTH = PAGE[0] - 2 * MARGIN;
const SIZE = 8.5;
const LINE = 11;
const PAD = 4;
const INK = rgb(0.11, 0.13, 0.16);
const MUTED = rgb(0.36, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.85);
const WARN = rgb(0.7, 0.1, 0.1);
const HEAD_FILL = rgb(0.94, 0.95, 0.96);

/**
 * fontkit, with each string's glyphs taken straight from the font's character map: a sheet is Latin text in cells
 * (precomposed letters, NFC), which needs none of the shaping (ligatures, kerning, mark positioning) that `layout`
 * runs on every string pdf-lib measures or draws, and that shaping was most of a 250-person manifest's time.
 */
type FontkitFont = ReturnType<typeof fontkit.create> & { glyphsForString(text: string): unknown[]; layout: unknown };
const plainFontkit = {
  ...fontkit,
  create(...args: Parameters<typeof fontkit.create>) {
    const font = fontkit.create(...args) as FontkitFont;
    font.layout = (text: string) => ({ glyphs: font.glyphsForString(text) });
    return font;
  },
};

const decodeBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** Letters the embedded subset has (Latin-1, Latin Extended-A and a few signs: scripts/make-invoice-fonts.ts); others print as "?". */
const EXTRA = new Set([0x2009, 0x202f, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e, 0x2022, 0x2026, 0x2212, 0x20ac]);
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0x17f) || EXTRA.has(code)) out += char;
    else if (code === 0x09 || code === 0x0d) out += ' ';
    else out += '?';
  }
  return out;
}

/**
 * Text widths at 1 pt, cached per font and string: fontkit lays out each string it measures (its GSUB and GPOS
 * lookups), which made a 250-person manifest spend most of its time measuring the same words again.
 */
const widths = new WeakMap<PDFFont, Map<string, number>>();
function widthOf(font: PDFFont, text: string, size: number): number {
  let cache = widths.get(font);
  if (!cache) widths.set(font, (cache = new Map()));
  let width = cache.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    cache.set(text, width);
  }
  return width * size;
}

/**
 * Words onto lines no wider than `width` (measured word by word, a line as its words and spaces: kerning across a
 * space is ignored, which the cells' padding absorbs); a word longer than a line is cut.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = widthOf(font, ' ', size);
  for (const paragraph of text.split('\n')) {
    let current = '';
    let used = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = widthOf(font, word, size);
      if (current && used + space + wordWidth <= width) {
        current += ` ${word}`;
        used += space + wordWidth;
      } else if (!current && wordWidth <= width) {
        current = word;
        used = wordWidth;
      } else {
        if (current) lines.push(current);
        current = word;
        used = wordWidth;
        while (used > width && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && widthOf(font, current.slice(0, cut), size) > width) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
          used = widthOf(font, current, size);
        }
      }
    }
    lines.push(current);
  }
  return lines;
}

interface Placed {
  x: number;
  y: number;
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
}

class Writer {
  page: PDFPage;
  y = PAGE[1] - MARGIN;
  /** Each font's name in the current page's resources. */
  private fontKeys = new Map<PDFFont, PDFName>();
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly running: string,
  ) {
    this.page = this.newPage();
  }

  private newPage() {
    const page = this.doc.addPage(PAGE);
    this.fontKeys = new Map();
    page.drawText(this.running, { x: MARGIN, y: MARGIN / 2, size: 7, font: this.regular, color: MUTED });
    return page;
  }

  private fontKey(font: PDFFont): PDFName {
    let key = this.fontKeys.get(font);
    if (!key) this.fontKeys.set(font, (key = this.page.node.newFontDictionary(font.name, font.ref)));
    return key;
  }

  /**
   * Many strings in one text object, font and colour set only when they change: a table's cells as a few operators
   * each, where pdf-lib's drawText writes a dozen per string (state, colour, font, matrix) and checks every option.
   */
  texts(items: readonly Placed[]) {
    const ops: PDFOperator[] = [pushGraphicsState(), beginText()];
    let font: PDFFont | undefined;
    let size: number | undefined;
    let color: RGB | undefined;
    for (const item of items) {
      if (!item.text) continue;
      if (item.font !== font || item.size !== size) {
        ops.push(setFontAndSize(this.fontKey(item.font), item.size));
        font = item.font;
        size = item.size;
      }
      if (item.color !== color) {
        ops.push(setFillingRgbColor(item.color.red, item.color.green, item.color.blue));
        color = item.color;
      }
      ops.push(setTextMatrix(1, 0, 0, 1, item.x, item.y), showText(item.font.encodeText(item.text)));
    }
    ops.push(endText(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  /** Room for `height` more points, or a new page (true when one was started). */
  need(height: number): boolean {
    if (this.y - height >= MARGIN) return false;
    this.page = this.newPage();
    this.y = PAGE[1] - MARGIN;
    return true;
  }

  line(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const part of wrap(printable(text), font, size, WIDTH)) {
      this.need(size + 4);
      this.y -= size + 2;
      this.page.drawText(part, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
      this.y -= 2;
    }
  }

  table(table: SheetTable) {
    const total = table.columns.reduce((sum, c) => sum + c.width, 0);
    const widths = table.columns.map((c) => (c.width / total) * WIDTH);
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
    if (table.heading) {
      this.need(60);
      this.y -= 6;
      this.line(table.heading, { size: 11, bold: true });
    }
    const header = () => {
      const lines = table.columns.map((c, i) => wrap(printable(c.label), this.bold, SIZE, widths[i]! - 2 * PAD));
      const height = Math.max(...lines.map((l) => l.length)) * LINE + 2 * PAD;
      this.need(height + LINE * 2);
      this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: WIDTH, height, color: HEAD_FILL });
      this.texts(lines.flatMap((parts, i) => parts.map((part, n) => ({ x: xs[i]! + PAD, y: this.y - PAD - (n + 1) * LINE + 2.5, text: part, font: this.bold, size: SIZE, color: INK }))));
      this.y -= height;
    };
    header();
    if (table.rows.length === 0 && table.empty) {
      this.y -= 4;
      this.line(table.empty, { size: SIZE, color: MUTED });
      return;
    }
    for (const row of table.rows) {
      const cells = row.map((cell: SheetCell, i) => {
        const warn = typeof cell !== 'string';
        return { warn, lines: wrap(printable(cellText(cell)), warn ? this.bold : this.regular, SIZE, widths[i]! - 2 * PAD) };
      });
      const height = Math.max(1, ...cells.map((c) => c.lines.length)) * LINE + 2 * PAD;
      if (this.need(height)) header();
      this.texts(
        cells.flatMap((cell, i) =>
          cell.lines.map((part, n) => ({ x: xs[i]! + PAD, y: this.y - PAD - (n + 1) * LINE + 2.5, text: part, font: cell.warn ? this.bold : this.regular, size: SIZE, color: cell.warn ? WARN : INK })),
        ),
      );
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.4, color: RULE });
    }
  }
}

/** "27.11.2026 14:05" in Tallinn time (the office's clock) for the footer. */
function stamp(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${formatDateEt(`${get('year')}-${get('month')}-${get('day')}`)} ${get('hour')}:${get('minute')}`;
}

export async function renderSheetPdf(sheet: SheetDocument): Promise<Uint8Array<ArrayBuffer>> {
  fontBytes ??= { regular: decodeBase64(NOTO_SANS_REGULAR_BASE64), bold: decodeBase64(NOTO_SANS_BOLD_BASE64) };
  const doc = await PDFDocument.create();
  doc.registerFontkit(plainFontkit);
  const days = editionDays(sheet.edition);
  doc.setTitle(printable(`${sheet.title}: ${sheet.edition.name}`));
  doc.setLanguage('et-EE');
  const made = new Date(sheet.generatedAt);
  doc.setCreationDate(made);
  doc.setModificationDate(made);
  const regular = await doc.embedFont(fontBytes.regular, { subset: true });
  const bold = await doc.embedFont(fontBytes.bold, { subset: true });
  const writer = new Writer(doc, regular, bold, printable(`${sheet.title} · ${sheet.edition.name} · koostatud ${stamp(sheet.generatedAt)}`));

  writer.line(sheet.title, { size: 18, bold: true });
  writer.line(`${sheet.edition.name}${days ? `, ${days}` : ''}`, { size: 11, color: MUTED });
  writer.y -= 4;
  for (const line of sheet.summary) writer.line(line, { size: 9.5 });
  writer.y -= 6;
  for (const table of sheet.tables) {
    writer.table(table);
    writer.y -= 10;
  }
  for (const note of sheet.notes) writer.line(note, { size: 9, color: note.startsWith('Hoiatus') ? WARN : MUTED });

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = `lk ${i + 1} / ${pages.length}`;
    page.drawText(label, { x: PAGE[0] - MARGIN - widthOf(regular, label, 7), y: MARGIN / 2, size: 7, font: regular, color: MUTED });
  });
  return (await doc.save()) as Uint8Array<ArrayBuffer>;
}
