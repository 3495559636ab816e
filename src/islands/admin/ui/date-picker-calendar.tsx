/**
 * The date field's calendar popover (./date-picker): the month with the previous and next one, keyboard throughout,
 * days outside the field's minimum and maximum disabled. A chunk of its own, loaded when someone reaches for a date
 * field; the DatePicker around it gives it the value, the limits and the focus.
 */
import { Button, Calendar, CalendarCell, CalendarGrid, Dialog, Heading, Popover } from 'react-aria-components';

export function CalendarPopover({ label }: { label: string }) {
  return (
    <Popover className="rounded-2xl bg-white p-4 shadow-lg ring-1 ring-sand-200">
      <Dialog className="outline-none" aria-label={label}>
        <Calendar className="text-ink-900">
          <header className="mb-2 flex items-center justify-between gap-2">
            <Button slot="previous" className="grid size-10 cursor-pointer place-items-center rounded-full hover:bg-lagoon-50" aria-label="Eelmine kuu">
              <span aria-hidden="true">‹</span>
            </Button>
            <Heading className="font-semibold capitalize" />
            <Button slot="next" className="grid size-10 cursor-pointer place-items-center rounded-full hover:bg-lagoon-50" aria-label="Järgmine kuu">
              <span aria-hidden="true">›</span>
            </Button>
          </header>
          <CalendarGrid className="border-separate border-spacing-0.5">
            {(date) => (
              <CalendarCell
                date={date}
                className="grid size-10 cursor-pointer place-items-center rounded-full text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-sand-300 data-[focus-visible]:ring-2 data-[focus-visible]:ring-lagoon-600 data-[hovered]:bg-lagoon-50 data-[outside-month]:hidden data-[selected]:bg-lagoon-700 data-[selected]:text-white data-[unavailable]:line-through"
              />
            )}
          </CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  );
}
