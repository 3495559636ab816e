/**
 * A component whose code is a chunk of its own, loaded when it is first drawn (or earlier, through `preload`): a
 * dialog's form, the portal's booking page, the date field's calendar (docs/decisions/023-page-javascript.md). The
 * place that draws it draws it only when it is needed, as before; until the chunk is there (a few milliseconds) it
 * draws `fallback` (nothing unless given), and the focus stays where it was.
 *
 * Not React.lazy: a Suspense boundary that has shown its fallback holds the content back until 300 ms have passed
 * (React's reveal throttle), a visible wait where the chunk takes milliseconds. A chunk that fails to load is thrown
 * to the nearest error boundary all the same (the admin screen's "Vaate avamine ebaõnnestus").
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the chunk (idempotent). */
  preload(): void;
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: (props: P) => ReactNode): LazyComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = null; // the next draw tries again
        throw error;
      },
    ));

  function Lazy(props: P): ReactNode {
    const [, setReady] = useState(Loaded !== null);
    const [failed, setFailed] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      // The chunk may have arrived (through `preload`, or another instance) after this drew its fallback and before
      // this effect ran: then nothing would ever draw it again, so the state is set either way.
      if (Loaded) setReady(true);
      else get().then(() => setReady(true), (error: unknown) => setFailed({ error }));
    }, []);
    if (failed) throw failed.error;
    return Loaded ? <Loaded {...props} /> : (fallback?.(props) ?? null);
  }
  return Object.assign(Lazy, { preload: () => void get().catch(() => undefined) });
}
