// The site has one stylesheet, written into every page (astro.config's build.inlineStylesheets). Most of it is the
// admin app's and the forms' utilities, which a content page never uses, and on a slow mobile link every kilobyte of
// the page before its first paint counts: the landing-page-sized pages need a second round trip for the page itself
// once it is over what the first one carries (about 14 KB), and the browser parses and matches every rule before it
// paints. After the build, each page without an island (the content pages: their markup is all in the HTML and in
// the few small scripts it names) keeps only the rules whose classes occur in that page or its scripts; the app
// pages keep the whole sheet. The CSP hash of the <style> is replaced with the new one's
// (docs/decisions/025-content-lcp.md). tests/unit/page-css.test.ts checks the pruning.

import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** At-rules whose body holds rules to prune; every other at-rule (@property, @keyframes, @page, ...) is kept whole. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container']);

/**
 * Splits a stylesheet into its top-level parts: `{ prelude, body }` for a block, `{ statement }` for `@layer a, b;`
 * and the like. Comments are dropped; strings and escapes are stepped over so braces in them do not count.
 * @param {string} css
 * @returns {({ prelude: string, body: string } | { statement: string })[]}
 */
export function topLevelParts(css) {
  /** @type {({ prelude: string, body: string } | { statement: string })[]} */
  const parts = [];
  let depth = 0;
  let start = 0;
  let bodyStart = -1;
  let prelude = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') {
      i++;
    } else if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      const end = close === -1 ? css.length : close + 2;
      if (depth === 0) {
        // A comment between parts (the licence line): not part of the next prelude.
        if (css.slice(start, i).trim() === '') start = end;
      }
      i = end - 1;
    } else if (c === '{') {
      if (depth === 0) {
        prelude = css.slice(start, i).trim();
        bodyStart = i + 1;
      }
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        parts.push({ prelude, body: css.slice(bodyStart, i) });
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      const statement = css.slice(start, i + 1).trim();
      if (statement) parts.push({ statement });
      start = i + 1;
    }
  }
  return parts;
}

/**
 * Splits a selector list at its top-level commas (not those inside :is(...), [attr="a,b"] or escaped).
 * @param {string} list
 */
export function splitSelectors(list) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The class names a selector names, unescaped (`.md\:flex` → `md:flex`, `.\32xl\:p-4` → `2xl:p-4`).
 * @param {string} selector
 */
export function classNames(selector) {
  const names = [];
  for (const m of selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) {
    names.push(
      m[1].replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex, char) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char)),
    );
  }
  return names;
}

/**
 * The stylesheet with only the rules a page can use: a rule's selectors are kept when every class they name occurs
 * in `text` (the page's markup and scripts); rules naming no class (the reset, the theme's variables, element
 * styles) and at-rules other than the grouping ones are kept as they are.
 * @param {string} css
 * @param {(className: string) => boolean} used
 * @returns {string}
 */
export function pruneCss(css, used) {
  let out = '';
  for (const part of topLevelParts(css)) {
    if ('statement' in part) {
      out += part.statement;
      continue;
    }
    const { prelude, body } = part;
    if (prelude.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(prelude)?.[1] ?? '';
      if (!GROUPING_AT_RULES.has(name)) {
        out += `${prelude}{${body}}`;
        continue;
      }
      const inner = pruneCss(body, used);
      if (inner) out += `${prelude}{${inner}}`;
      continue;
    }
    const kept = splitSelectors(prelude).filter((selector) => classNames(selector).every(used));
    if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
  }
  return out;
}

/**
 * Drops the custom properties nothing reads any more: a `--name: value` declaration and an `@property --name` rule
 * go when no `var(--name` is left in the stylesheet and `--name` occurs nowhere in the page (`text`), and rules left
 * empty go with them. The theme's colours and Tailwind's `--tw-*` defaults are most of what is left after pruning.
 * @param {string} css
 * @param {(text: string) => boolean} inPage
 */
export function dropUnusedProperties(css, inPage) {
  let out = css;
  // A dropped declaration may have been the only reader of another property: repeat until nothing changes.
  for (let round = 0; round < 4; round++) {
    const read = (name) => out.includes(`var(--${name}`) || inPage(`--${name}`);
    const next = out
      .replace(/@property --([\w-]+)\{[^}]*\}/g, (rule, name) => (read(name) ? rule : ''))
      .replace(/(?<=[{;])--([\w-]+):[^;{}]*(?:;|(?=\}))/g, (decl, name) => (read(name) ? decl : ''))
      .replace(/;\}/g, '}');
    let emptied = next;
    for (let previous = ''; previous !== emptied; ) {
      previous = emptied;
      emptied = emptied.replace(/(^|[{};])[^{};]*\{\}/g, '$1');
    }
    if (emptied === out) break;
    out = emptied;
  }
  return out;
}

/** The built scripts a page loads, with the modules they import, read as text. */
async function pageScripts(dist, html) {
  const seen = new Set();
  const texts = [];
  const visit = async (urlPath) => {
    if (seen.has(urlPath)) return;
    seen.add(urlPath);
    const code = await readFile(path.join(dist, urlPath), 'utf8').catch(() => null);
    if (code === null) return;
    texts.push(code);
    for (const m of code.matchAll(/["'`](\.{1,2}\/[^"'`]+\.js|\/_astro\/[^"'`]+\.js)["'`]/g)) {
      await visit(m[1].startsWith('/') ? m[1] : path.posix.join(path.posix.dirname(urlPath), m[1]));
    }
  };
  for (const m of html.matchAll(/\bsrc="(\/_astro\/[^"]+\.js)"/g)) await visit(m[1]);
  return texts;
}

const decodeEntities = (text) =>
  text.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, e) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[e]);

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Rewrites one built page: its inline stylesheet pruned to what the page uses, the CSP's hash of it replaced.
 * Returns the page unchanged when it has an island (its markup is made in the browser) or no stylesheet.
 * @param {string} html
 * @param {string[]} scripts the text of the built scripts the page loads
 */
export function prunePage(html, scripts) {
  if (html.includes('<astro-island')) return html;
  const style = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!style) return html;
  const css = style[1];
  const rest = html.slice(0, style.index) + html.slice(style.index + style[0].length);
  // Where a class can come from: the markup (attributes, templates, inline scripts) and the page's own scripts.
  const haystack = [rest, decodeEntities(rest), ...scripts].join('\n');
  const inPage = (text) => haystack.includes(text);
  const pruned = dropUnusedProperties(pruneCss(css, inPage), inPage);
  if (pruned === css) return html;
  const oldHash = sha256(css);
  if (!html.includes(oldHash)) throw new Error('page-css: the page CSP has no hash of its stylesheet');
  // A hash is always 44 characters, so the stylesheet's place in the page does not move.
  const page = rest.replace(oldHash, sha256(pruned));
  return `${page.slice(0, style.index)}<style>${pruned}</style>${page.slice(style.index)}`;
}

/** @returns {import('astro').AstroIntegration} */
export function pageCss() {
  return {
    name: 'page-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
        let pruned = 0;
        for (const file of files) {
          const full = path.join(dist, file);
          const html = await readFile(full, 'utf8');
          const out = prunePage(html, await pageScripts(dist, html));
          if (out !== html) {
            await writeFile(full, out);
            pruned++;
          }
        }
        logger.info(`${pruned} of ${files.length} pages keep only the styles they use`);
      },
    },
  };
}
