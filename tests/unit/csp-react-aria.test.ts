import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_ARIA_STYLES } from '../../scripts/csp/react-aria-styles.mjs';

// The CSP allows React Aria's run-time <style> texts by hash; an upgrade that changes them would be blocked in the
// browser (and the admin app's buttons would lose their touch handling) — this fails first.
describe('React Aria style texts allowed by the CSP', () => {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('react-aria/package.json'));
  const source = (file: string) => readFileSync(path.join(root, 'dist/private', file), 'utf8');

  it.each([
    ['interactions/usePress.mjs', REACT_ARIA_STYLES[0]!],
    ['overlays/usePreventScroll.mjs', REACT_ARIA_STYLES[1]!],
  ])('%s still writes exactly the hashed text', (file, text) => {
    // usePress builds its selector from a constant; put the constant's value in to compare the whole text.
    const code = source(file).replace(/\[\$\{[^}]*PRESSABLE_ATTRIBUTE\}\]/, '[data-react-aria-pressable]');
    expect(code).toContain(text);
  });
});
