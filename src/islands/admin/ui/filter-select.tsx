/**
 * A list's filter (the toolbar beside the search box): its choices after "Kõik", which stands for no filter, so the
 * list's query (and the URL) holds a value only while one is chosen.
 */
import { SelectField, type Option } from './select';

const ALL = 'all';

export interface FilterSelectProps<V extends string> {
  label: string;
  value: V | undefined;
  options: readonly Option<V>[];
  onChange: (value: V | undefined) => void;
}

export function FilterSelect<V extends string>({ label, value, options, onChange }: FilterSelectProps<V>) {
  return (
    <SelectField<string>
      label={label}
      value={value ?? ALL}
      options={[{ value: ALL, label: 'Kõik' }, ...options]}
      onChange={(chosen) => onChange(chosen === ALL ? undefined : (chosen as V))}
    />
  );
}
