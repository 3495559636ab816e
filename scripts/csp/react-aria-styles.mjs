// The two <style> elements React Aria adds at run time (react-aria/dist/private/interactions/usePress and
// overlays/usePreventScroll): fixed texts, so the pages' CSP allows exactly them by hash instead of 'unsafe-inline'.
// tests/unit/csp-react-aria.test.ts fails if an upgrade changes either text.
import { createHash } from 'node:crypto';

export const REACT_ARIA_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
];

/** @returns {`sha256-${string}`[]} */
export const reactAriaStyleHashes = () =>
  REACT_ARIA_STYLES.map((text) => /** @type {`sha256-${string}`} */ (`sha256-${createHash('sha256').update(text).digest('base64')}`));
