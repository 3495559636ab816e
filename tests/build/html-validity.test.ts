import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FlatConfigLoader, HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';

// Every pre-rendered page (the public pages, 404s and the admin and account shells) must be valid HTML: no error
// of the W3C checker's kind, as html-validate.config.ts approximates it (docs/decisions/017-html-validator.md).
// Reads dist/ as `npm run build` left it; `npm test` builds first.
const REPO = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(REPO, 'dist');
const validator = new HtmlValidate(new FlatConfigLoader(path.join(REPO, 'html-validate.config.ts')));

const pages = existsSync(DIST)
  ? readdirSync(DIST, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .sort()
  : [];

/** `file:line:column rule message` for every error (warnings are not the checker's errors). */
async function errorsIn(file: string, html?: string): Promise<string[]> {
  const report = html === undefined ? await validator.validateFile(file) : await validator.validateString(html, file);
  const shown = path.relative(REPO, file);
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity === 2)
      .map((message) => `${shown}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
  );
}

describe('HTML validity of the built site', () => {
  it('has the built pages to check', () => {
    expect(existsSync(DIST), 'dist/ is missing: run `npm run build` first (`npm test` does)').toBe(true);
    expect(pages.length, 'dist/ has no .html pages: run `npm run build` first (`npm test` does)').toBeGreaterThan(0);
  });

  it.each(pages)('dist/%s is valid HTML', async (page) => {
    const errors = await errorsIn(path.join(DIST, page));
    expect(errors, `${errors.length} HTML error(s):\n${errors.join('\n')}\n`).toEqual([]);
  });
});

describe('the validator configuration', () => {
  const page = (body: string, after = '') =>
    `<!doctype html><html lang="et"><head><title>t</title></head><body>${body}</body></html>${after}`;
  const rulesFor = async (html: string) =>
    (await errorsIn(path.join(DIST, 'fixture.html'), html)).map((line) => line.split(' ')[1]?.replace(/:$/, ''));

  it('reports the kinds of error the W3C checker reported on /galerii and on the edition dates', async () => {
    expect(await rulesFor(page('<p>x</p>', '\n<script>1</script>'))).toEqual(['w3c-checker/no-content-after-html']);
    expect(
      await rulesFor(
        page('<figure><img src="a.webp" alt=""><figcaption>x</figcaption><button type="button">b</button></figure>'),
      ),
    ).toEqual(['element-permitted-order']);
    expect(await rulesFor(page('<img src="a.webp" alt="" sizes="100vw">'))).toEqual(['attribute-misuse']);
    expect(await rulesFor(page('<time></time><time datetime="2027-02-30">x</time>'))).toEqual([
      'w3c-checker/time-datetime',
      'w3c-checker/time-datetime',
    ]);
  });

  it('accepts what the W3C checker accepts', async () => {
    const valid = page(
      '<div><style>a{color:red}</style></div>' +
        '<img src="a.webp" srcset="a.webp 480w, b.webp 960w" sizes="100vw" alt="">' +
        '<p><time>2027-01-14</time> <time datetime="2027-01-14T09:30+02:00">14. jaanuar</time> <time datetime="P10D">10 päeva</time> <time datetime="2027-W02">x</time> <time>--02-29</time></p>',
      '\n<!-- end -->\n',
    );
    expect(await rulesFor(valid)).toEqual([]);
  });
});
