// Estonian quotation marks open low and close high: „Admin“, never „Admin” (issue 21). Every text the site and the
// back office show comes from src/, worker/ or content/: none may pair „ with the English closing mark.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|astro|md|json)$/.test(entry.name) ? [path] : [];
  });
}

describe('Estonian quotation marks', () => {
  it('„ is closed with “ everywhere', () => {
    const wrong = ['src', 'worker', 'content'].flatMap(files).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => ([...line.matchAll(/„[^“”\n]{0,80}”/g)].length > 0 ? [`${path}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])),
    );
    expect(wrong).toEqual([]);
  });
});
