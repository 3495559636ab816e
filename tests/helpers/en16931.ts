/**
 * The official EN 16931 rules (CEN/TC 434's UBL validation, XSLT 2.0) as a test's judge (issue 39). The rules are not
 * this project's and are not copied into it: they are read from `../shared/validators/en16931/` or from the folder in
 * `EN16931_VALIDATORS`, and tests that need them skip with one clear line where they are absent.
 *
 * Run from Node without Java, as the folder's README measured: npm's `xslt3` compiles the stylesheet once to a SEF
 * (24–80 s, up to 600 MB), cached under node_modules/.cache keyed by the stylesheet's SHA-256; `saxon-js` then checks
 * a document in 30–300 ms. The result is SVRL: each `svrl:failed-assert` with `flag="fatal"` is an error, its `id`
 * the rule (BR-CO-15 …).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export const EN16931_DIR = path.resolve(process.env.EN16931_VALIDATORS ?? path.join(process.cwd(), '..', 'shared', 'validators', 'en16931'));
const STYLESHEET = path.join(EN16931_DIR, 'EN16931-UBL-validation.xslt');

/** Whether the rules are here; when not, the one line the skipping tests print. */
export const en16931Present = existsSync(STYLESHEET);
export const EN16931_ABSENT = `EN 16931 validators not found at ${EN16931_DIR} (set EN16931_VALIDATORS): e-invoice validation tests skipped`;

export interface Assert {
  id: string;
  flag: string;
  location: string;
  text: string;
}

export interface Verdict {
  fatal: Assert[];
  warnings: Assert[];
}

/** The compiled stylesheet's path, compiling it first if this version of it was never compiled here. */
export function compiledRules(): string {
  const hash = createHash('sha256').update(readFileSync(STYLESHEET)).digest('hex').slice(0, 16);
  const dir = path.join(process.cwd(), 'node_modules', '.cache', 'en16931');
  const sef = path.join(dir, `${hash}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(dir, { recursive: true });
  const partial = `${sef}.${process.pid}.tmp`;
  const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
  execFileSync(process.execPath, ['--max-old-space-size=2048', xslt3, `-xsl:${STYLESHEET}`, `-export:${partial}`, '-nogo'], { stdio: 'pipe', timeout: 600_000 });
  // Renamed into place whole: a second process compiling at the same time never reads half a file.
  renameSync(partial, sef);
  return sef;
}

type SaxonJS = {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string };
};
let saxon: SaxonJS | undefined;
let stylesheet: unknown;

/** The SVRL's failed asserts, by flag. */
export function parseSvrl(svrl: string): Verdict {
  const verdict: Verdict = { fatal: [], warnings: [] };
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1]?.trim() ?? '';
    const assert = { id: attr('id'), flag: attr('flag'), location: attr('location'), text };
    (assert.flag === 'fatal' ? verdict.fatal : verdict.warnings).push(assert);
  }
  return verdict;
}

/** Checks one UBL Invoice or CreditNote against the rules. */
export function validateUbl(xml: string): Verdict {
  saxon ??= createRequire(import.meta.url)('saxon-js') as SaxonJS;
  stylesheet ??= JSON.parse(readFileSync(compiledRules(), 'utf8'));
  const { principalResult } = saxon.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync');
  return parseSvrl(principalResult);
}

/** The ids of the fatal asserts, sorted and once each: what a test compares. */
export const fatalRules = (v: Verdict): string[] => [...new Set(v.fatal.map((a) => a.id))].sort();
