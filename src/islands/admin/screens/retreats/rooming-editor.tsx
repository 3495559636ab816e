/**
 * The organiser's rooming (issue 24): a room for each person on the edition's confirmed bookings, typed or picked
 * from the rooms already in use (a text field with suggestions: keyboard throughout, no dragging needed). People
 * without a saved room start where their booking's room type and sharing preference put them (the server's proposal);
 * "Salvesta toad" saves everyone's room at once, and the counts compare the rooms with what was booked.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { ROOM_KIND_LABELS, SHEET_MESSAGES, type RoomingPerson, type RoomingView, type RoomKind } from '../../../../lib/retreat-sheets';
import { roomSharingLabel, roomTypeLabel } from '../../../../lib/labels';
import { refusalReason } from '../../../api/client';
import { toast, toastError } from '../../../toast';
import { useRetreatRooming, useSaveRooming } from '../../api/retreat-sheets';
import { Button } from '../../ui/button';
import { EmptyState, QueryView } from '../../ui/states';
import { ColumnHeads } from '../../../column-heads';

const KINDS: RoomKind[] = ['single', 'shared', 'double'];
const keyOf = (p: Pick<RoomingPerson, 'bookingId' | 'position'>) => `${p.bookingId}:${p.position}`;
const startingRooms = (view: RoomingView) => Object.fromEntries(view.people.map((p) => [keyOf(p), p.room ?? p.proposedRoom]));

export function RoomingEditor({ retreatId }: { retreatId: number }) {
  const rooming = useRetreatRooming(retreatId);
  return (
    <div className="mt-6" data-rooming>
      <h3 className="text-lg text-lagoon-900">Toad</h3>
      <QueryView query={rooming} loading="Tubade laadimine..." failed="Tubade laadimine ebaõnnestus">
        {(view) =>
          view.people.length === 0 ? (
            <EmptyState text="Kinnitatud broneeringuid ei ole: tube pole kellelegi jagada." />
          ) : (
            <Editor retreatId={retreatId} view={view} />
          )
        }
      </QueryView>
    </div>
  );
}

function Editor({ retreatId, view }: { retreatId: number; view: RoomingView }) {
  const uid = useId();
  const save = useSaveRooming(retreatId);
  const [rooms, setRooms] = useState<Record<string, string>>(() => startingRooms(view));
  useEffect(() => setRooms(startingRooms(view)), [view]);
  const dirty = view.people.some((p) => (rooms[keyOf(p)] ?? '') !== (p.room ?? ''));
  const inUse = useMemo(() => [...new Set(Object.values(rooms).map((r) => r.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'et', { numeric: true })), [rooms]);
  const mates = (p: RoomingPerson) => {
    const room = rooms[keyOf(p)]?.trim();
    return room ? view.people.filter((o) => o !== p && rooms[keyOf(o)]?.trim() === room).map((o) => o.name) : [];
  };

  const onSave = async () => {
    try {
      await save.mutateAsync(view.people.map((p) => ({ bookingId: p.bookingId, position: p.position, room: rooms[keyOf(p)] ?? '' })));
      toast({ title: SHEET_MESSAGES.saved });
    } catch (error) {
      toastError('Tubade salvestamine ebaõnnestus', refusalReason(error));
    }
  };

  const { counts } = view;
  return (
    <>
      <div className="mt-3 grid gap-2 text-sm sm:grid-cols-3" aria-label="Toad broneeringute järgi ja määratud">
        {KINDS.map((k) => (
          <p key={k} className="rounded-lg bg-sand-50 p-2" data-room-count={k}>
            <span className="font-semibold">{ROOM_KIND_LABELS[k]}:</span> broneeritud {counts.booked[k]}, määratud {counts.assigned[k]}
          </p>
        ))}
      </div>
      <div role="status" aria-live="polite" className="mt-2">
        {counts.warnings.length > 0 && (
          <ul className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900" data-rooming-warnings>
            {counts.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
      </div>
      <datalist id={`${uid}rooms`}>
        {inUse.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Toad inimeste kaupa</caption>
          <thead className="text-ink-600">
            <ColumnHeads cell="py-2 pr-3 last:pr-0" columns={['Nimi', 'Broneeritud', 'Tuba', 'Toakaaslased']} />
          </thead>
          <tbody>
            {view.people.map((p) => {
              const id = `${uid}room-${p.bookingId}-${p.position}`;
              return (
                <tr key={keyOf(p)} className="border-t border-sand-200" data-person={keyOf(p)}>
                  <th scope="row" className="py-2 pr-3 font-semibold text-ink-900">
                    <label htmlFor={id}>{p.name}</label>
                  </th>
                  <td className="py-2 pr-3">
                    {roomTypeLabel(p.roomType)}, {roomSharingLabel(p.roomSharing).toLowerCase()}
                    {!p.room && <span className="block text-xs text-ink-600">tuba veel salvestamata</span>}
                  </td>
                  <td className="py-2 pr-3">
                    <input
                      id={id}
                      className="field-input w-28"
                      value={rooms[keyOf(p)] ?? ''}
                      maxLength={40}
                      list={`${uid}rooms`}
                      autoComplete="off"
                      aria-description="Tuba"
                      onChange={(e) => setRooms((old) => ({ ...old, [keyOf(p)]: e.target.value }))}
                    />
                  </td>
                  <td className="py-2" data-roommates>
                    {mates(p).join(', ') || '–'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button onPress={() => void onSave()} isDisabled={save.isPending}>
          Salvesta toad
        </Button>
        {dirty && <span className="text-sm text-ink-600">Salvestamata muudatused</span>}
      </div>
    </>
  );
}
