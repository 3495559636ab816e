/**
 * The retreat's "Nimekirjad" (issue 24): each run sheet to download as a PDF and, where it has one, a CSV for Excel,
 * and the rooming editor (./rooming-editor). The health sheet says that its download is logged.
 */
import { SHEETS, SHEET_KINDS, sheetPath } from '../../../../lib/retreat-sheets';
import { Section } from '../../ui/detail-parts';
import { RoomingEditor } from './rooming-editor';

export function RunSheets({ retreatId }: { retreatId: number }) {
  return (
    <Section id="retreat-sheets" title="Nimekirjad">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Nimekirjad allalaadimiseks">
        {SHEET_KINDS.map((kind) => {
          const sheet = SHEETS[kind];
          return (
            <li key={kind} className="rounded-xl border border-sand-200 p-3" data-sheet={kind}>
              <p className="font-semibold text-ink-900">{sheet.title}</p>
              <p className="mt-1 text-sm text-ink-600">{sheet.description}</p>
              <p className="mt-2 flex flex-wrap gap-2">
                {sheet.formats.map((format) => (
                  <a key={format} href={sheetPath(retreatId, kind, format)} download className="btn-outline min-h-9 px-3 py-1.5 text-sm">
                    {format.toUpperCase()}
                    <span className="sr-only">: {sheet.title}</span>
                  </a>
                ))}
              </p>
            </li>
          );
        })}
      </ul>
      <RoomingEditor retreatId={retreatId} />
    </Section>
  );
}
