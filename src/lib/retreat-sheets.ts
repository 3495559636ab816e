/**
 * An edition's run sheets (issue 24, docs/decisions/026-run-sheets.md): which sheets exist and in which formats, their
 * Estonian names, and the rooming editor's contract (GET and PUT /api/admin/retreats/:id/rooms), shared by the API
 * and the retreat's detail screen.
 */
import * as z from 'zod';

export const SHEET_KINDS = ['manifest', 'health', 'rooming', 'kitchen', 'arrivals'] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];
export type SheetFormat = 'pdf' | 'csv';

/** Each sheet's title and the formats it comes in: health information only as a PDF (no spreadsheet copies of it). */
export const SHEETS: Record<SheetKind, { title: string; file: string; formats: readonly SheetFormat[]; description: string }> = {
  manifest: { title: 'Osalejad', file: 'osalejad', formats: ['pdf', 'csv'], description: 'Nimi, vanus, kodakondsus, pass, toitumine, hädaabikontakt, andmete täielikkus' },
  health: { title: 'Terviseandmed', file: 'terviseandmed', formats: ['pdf'], description: 'Ainult terviseandmed; iga allalaadimine logitakse' },
  rooming: { title: 'Toad', file: 'toad', formats: ['pdf', 'csv'], description: 'Toad ja toakaaslased' },
  kitchen: { title: 'Köök', file: 'kook', formats: ['pdf', 'csv'], description: 'Toitumine ja piirangud inimese kaupa' },
  arrivals: { title: 'Saabumised ja lahkumised', file: 'saabumised', formats: ['pdf', 'csv'], description: 'Lennud, ajad Bali aja järgi, transfeer' },
};

/** "manifest.pdf" → its kind and format; anything else (an unknown sheet, a health CSV) → null. */
export function parseSheetName(name: string): { kind: SheetKind; format: SheetFormat } | null {
  const match = /^([a-z]+)\.(pdf|csv)$/.exec(name);
  if (!match) return null;
  const kind = match[1] as SheetKind;
  const format = match[2] as SheetFormat;
  if (!(SHEET_KINDS as readonly string[]).includes(kind) || !SHEETS[kind].formats.includes(format)) return null;
  return { kind, format };
}

export const sheetPath = (retreatId: number | string, kind: SheetKind, format: SheetFormat) => `/api/admin/retreats/${retreatId}/sheets/${kind}.${format}`;

export const SHEET_MESSAGES = {
  notFound: 'Sellist nimekirja ei ole.',
  unknownPerson: 'Seda inimest ei ole selle retriidi kinnitatud broneeringutel.',
  roomInvalid: 'Toa tähis võib olla kuni 40 märki',
  saved: 'Toad salvestatud',
} as const;

/** Room types as the rooming counts name them: 'private' (the old public form's word) counts as single. */
export type RoomKind = 'single' | 'shared' | 'double';
export const ROOM_KIND_LABELS: Record<RoomKind, string> = { single: 'Ühekohaline', shared: 'Jagatud', double: 'Kahekohaline' };

/** One person in the rooming editor. */
export interface RoomingPerson {
  bookingId: number;
  position: number;
  name: string;
  roomType: string | null;
  roomSharing: string | null;
  bedType: string | null;
  /** The saved room; null: not assigned yet. */
  room: string | null;
  /** Where the booking's room type and sharing preference would put them (the editor's starting point). */
  proposedRoom: string;
}

/** People per room kind: as booked (each booking's room type) and as assigned (who shares each room). */
export interface RoomingCounts {
  booked: Record<RoomKind, number>;
  assigned: Record<RoomKind, number>;
  unassigned: number;
  /** Where the two disagree, in words (empty: they agree). */
  warnings: string[];
}

export interface RoomingView {
  people: RoomingPerson[];
  counts: RoomingCounts;
}

export const roomingSaveSchema = z.object({
  rooms: z
    .array(
      z.object({
        bookingId: z.number().int().positive(),
        position: z.number().int().min(0).max(999),
        // Empty: not assigned.
        room: z
          .string()
          .transform((v) => v.trim().replace(/\s+/g, ' '))
          .pipe(z.string().max(40, SHEET_MESSAGES.roomInvalid))
          .nullable(),
      }),
    )
    .max(5000),
});
export type RoomingSave = z.input<typeof roomingSaveSchema>;
export type RoomingSaved = z.output<typeof roomingSaveSchema>;
