import { useEffect, useId, useRef, useState } from 'react';
import { Button as AriaButton, Input, Label, SearchField } from 'react-aria-components';

const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  /** The search text in the URL. */
  value: string;
  /** Told the trimmed text after a pause in typing. */
  onChange: (q: string) => void;
  placeholder: string;
  /** What the search looks at, for screen readers. */
  hint: string;
  label?: string;
}

/**
 * A list's search box: it keeps its own text while typing and tells the URL after a pause (one history entry,
 * replaced), so each keystroke neither navigates nor asks the server.
 */
export function SearchBox({ value, onChange, placeholder, hint, label = 'Otsi' }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const hintId = useId();
  const lastSent = useRef(value);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    // Back/forward or a link changed the URL: show what it says.
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text.trim();
      report.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <SearchField className="flex flex-col gap-1.5" value={text} onChange={setText} aria-describedby={hintId}>
      <Label className="text-sm font-semibold text-ink-900">{label}</Label>
      <div className="relative">
        <Input placeholder={placeholder} className="min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 py-2 pr-10 text-ink-900 [&::-webkit-search-cancel-button]:hidden" />
        {text && (
          <AriaButton className="absolute top-1 right-1 grid size-9 cursor-pointer place-items-center rounded-full text-ink-600 hover:bg-sand-100" aria-label="Tühjenda otsing">
            ✕
          </AriaButton>
        )}
      </div>
      <span id={hintId} className="sr-only">
        {hint}
      </span>
    </SearchField>
  );
}
