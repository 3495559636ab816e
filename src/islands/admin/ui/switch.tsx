/** An on/off setting that takes effect at once (React Aria's Switch: role="switch", Space toggles, label clicks). */
import { Switch } from 'react-aria-components';

export function SwitchField({ label, isSelected, onChange, isDisabled, description }: { label: string; isSelected: boolean; onChange: (on: boolean) => void; isDisabled?: boolean; description?: string }) {
  return (
    <div>
      <Switch isSelected={isSelected} onChange={onChange} isDisabled={isDisabled} className="group inline-flex cursor-pointer items-center gap-3 text-ink-900 disabled:cursor-default disabled:opacity-60">
        <span
          aria-hidden="true"
          className="flex h-6 w-11 shrink-0 items-center rounded-full bg-sand-300 p-0.5 transition-colors group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-lagoon-600 group-data-[selected]:bg-lagoon-700"
        >
          <span className="h-5 w-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
        </span>
        <span className="font-semibold">{label}</span>
      </Switch>
      {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
    </div>
  );
}
