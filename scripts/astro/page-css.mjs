// The site has one stylesheet, written into every page (astro.config's build.inlineStylesheets). Most of it is the
// admin app's and the forms' utilities, which a content page never uses, and on a slow mobile link every kilobyte of
// the page before its first paint counts: the landing-page-sized pages need a second round trip for the page itself
// once it is over what the first one carries (about 14 KB), and the browser parses and matches every rule before it
// paints. After the build, each page without an island (the content pages: their markup is all in the HTML and in
// the few small scripts it names) keeps only the rules it can use, as PurgeCSS finds them from the page and its
// scripts; the app pages keep the whole sheet. The CSP hash of the <style> is replaced with the new one's
// (docs/decisions/025-content-lcp.md). tests/unit/page-css.test.ts checks the pruning; `npm run check:page-css`
// compares the computed styles of the built pages with another build's.
//
// PurgeCSS runs here, in Node at build time only: nothing of it reaches the worker or the browser.

import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { PurgeCSS } from 'purgecss';

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * What a page's text can name, for PurgeCSS to match selectors against: the runs between spaces and quotes as the
 * markup and scripts write class lists (Tailwind's names carry `:`, `/`, `[`, `]`, `.`, `%`, `!`, `=`, `&`, `>`),
 * the plain words in them (tags, attribute names and values) and the `data-*` attributes a script sets through
 * `dataset.camelCase`, which is never written out as such.
 * @param {string} text
 * @returns {string[]}
 */
export function pageTokens(text) {
  const tokens = new Set();
  for (const pattern of [/[^\s"'`<>\\]+/g, /[^\s"'`\\]+/g, /[\w-]+/g]) {
    for (const [token] of text.matchAll(pattern)) tokens.add(token);
  }
  for (const [, name] of text.matchAll(/\bdataset\.([A-Za-z_$][\w$]*)/g)) tokens.add(`data-${kebab(name)}`);
  return [...tokens];
}

/**
 * PurgeCSS's options for a page whose text yields `tokens`.
 * - A pseudo-class on its own names nothing in the page (`:focus-visible`, `:where(:not([hidden=until-found]))`):
 *   without the safelist entry PurgeCSS drops such selectors, or empties the `:where()` and drops the rule.
 * - `dynamicAttributes`: attributes the scripts set (`el.hidden = ...`, the menus' and the video list's
 *   `aria-expanded`/`aria-pressed`) whether or not the markup carries them yet (PurgeCSS itself always keeps
 *   `open`, `checked`, `selected` and `value`); the `data-*` ones set through `dataset` come from pageTokens.
 * - `variables`: custom properties nothing reads go; those the page names itself are kept.
 * - `keyframes`, `fontFace`: the ones no kept rule uses go.
 * @param {string[]} tokens
 * @returns {Omit<import('purgecss').UserDefinedOptions, 'content' | 'css'>}
 */
export function purgeOptions(tokens) {
  return {
    defaultExtractor: () => tokens,
    safelist: {
      standard: [/^:/],
      variables: tokens.filter((token) => /^--[\w-]+$/.test(token)),
    },
    dynamicAttributes: ['hidden', 'aria-expanded', 'aria-pressed'],
    variables: true,
    keyframes: true,
    fontFace: true,
  };
}

/**
 * Preflight's selectors that can only ever match a form field's own parts (placeholder, file button, date and number
 * fields' inner pieces, Firefox's invalid field). The safelist above keeps every selector that starts with a colon,
 * so PurgeCSS keeps these on every page; on a page with no field they are 250-290 bytes br before its first paint.
 */
const FORM_FIELD_PART =
  /^(?:::placeholder|::file-selector-button|::-webkit-(?:datetime-edit[\w-]*|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration)|:-moz-ui-invalid)$/;

/** Whether a page's text (markup and scripts) has a form field, or a script that makes one. */
const hasFormFields = (text) => /<(?:input|textarea|select)\b/i.test(text) || /createElement\(\s*[`'"](?:input|textarea|select)[`'"]/.test(text);

/**
 * The stylesheet with only what a page whose text (markup and scripts) is `text` can use.
 * PurgeCSS leaves `@property` rules alone; one registering a custom property nothing reads any more (no `var()` of
 * it left, not named in the page) goes too, as do the form fields' parts on a page without a field, and blocks left
 * empty.
 * @param {string} css
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function pruneStylesheet(css, text) {
  const tokens = pageTokens(text);
  const [result] = await new PurgeCSS().purge({
    ...purgeOptions(tokens),
    content: [{ raw: text, extension: 'html' }],
    css: [{ raw: css }],
  });
  const root = postcss.parse(result.css);
  if (!hasFormFields(text)) {
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((selector) => !FORM_FIELD_PART.test(selector.trim()));
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    });
  }
  const read = new Set(tokens);
  root.walkDecls((decl) => {
    for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(name);
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
  for (let emptied = true; emptied; ) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

/**
 * The built scripts a page loads, with the modules they import, read as text.
 * @param {string} dist
 * @param {string} html
 * @returns {Promise<string[]>}
 */
export async function pageScripts(dist, html) {
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
 * Whether a built page is one whose stylesheet is pruned: a content page, whose markup is all in its HTML (no island
 * draws more in the browser), with its inlined stylesheet. A page marked `data-whole-stylesheet` keeps the whole sheet:
 * its <style> then has the app pages' hash, not one of its own, which goes into the page's own policy header
 * (worker/hosts/static-headers.ts); the pages rarely read and not measured for speed (the signed texts and their
 * signing page, issue 42) are marked.
 * @param {string} html
 */
export const isPrunedPage = (html) => !html.includes('<astro-island') && html.includes('<style>') && !html.includes('data-whole-stylesheet');

/**
 * Rewrites one built page: its inline stylesheet pruned to what the page uses, the CSP's hash of it replaced.
 * Returns the page unchanged when it has an island (its markup is made in the browser) or no stylesheet.
 * @param {string} html
 * @param {string[]} scripts the text of the built scripts the page loads
 * @returns {Promise<string>}
 */
export async function prunePage(html, scripts) {
  if (!isPrunedPage(html)) return html;
  const style = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!style) return html;
  const css = style[1];
  const rest = html.slice(0, style.index) + html.slice(style.index + style[0].length);
  // Where a selector's names can come from: the markup (attributes, templates, inline scripts) and the page's scripts.
  const pruned = await pruneStylesheet(css, [rest, decodeEntities(rest), ...scripts].join('\n'));
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
          const out = await prunePage(html, await pageScripts(dist, html));
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
