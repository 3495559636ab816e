/** Status badges in the spec's colours (paid green, pending yellow, partial blue, anything else red). */
export type BadgeTone = 'green' | 'yellow' | 'blue' | 'red' | 'grey';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-300',
  blue: 'bg-sky-100 text-sky-900 ring-sky-300',
  red: 'bg-rose-100 text-rose-900 ring-rose-300',
  grey: 'bg-sand-100 text-ink-900 ring-sand-300',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`} data-tone={tone}>
      {children}
    </span>
  );
}
