import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageTokens, prunePage, pruneStylesheet } from '../../scripts/astro/page-css.mjs';

// scripts/astro/page-css.mjs trims the stylesheet inlined into each content page to the rules its markup and
// scripts can use (PurgeCSS, with the page's names as its extractor's). A rule kept too few breaks a page's looks;
// one kept too many is bytes before the first paint. These pin down what is kept.
// Tailwind reads this file for class names too: the examples are names the site's sheet has anyway, or written in
// parts (`!`, `%`), so that they add nothing to it.
const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe('the names a page can use', () => {
  it("reads Tailwind's class names whole, as markup and scripts write them", () => {
    const important = `${'!'}p-4`;
    const percent = `min-h-[40${'%'}]`;
    const tokens = pageTokens(
      `<div class="lg:flex aspect-[4/3] top-1/2 py-2.5 ${important} ${percent} [&>label]:sr-only data-[menu-open=true]:bg-white group/nav"></div>` +
        `<script>el.classList.toggle("bg-white/90",a);el.className=\`x-\${b} card\`</script>`,
    );
    for (const name of ['lg:flex', 'aspect-[4/3]', 'top-1/2', 'py-2.5', important, percent, '[&>label]:sr-only', 'data-[menu-open=true]:bg-white', 'group/nav', 'bg-white/90', 'card']) {
      expect(tokens).toContain(name);
    }
    // Tags, attribute names and values for element and attribute selectors.
    for (const name of ['div', 'class', 'script']) expect(tokens).toContain(name);
  });

  it('counts a data attribute a script sets through dataset', () => {
    expect(pageTokens('header.dataset.menuOpen=String(open);e.dataset.solid="true"')).toEqual(
      expect.arrayContaining(['data-menu-open', 'data-solid']),
    );
  });
});

describe('pruning a stylesheet to a page', () => {
  const css =
    '/*! licence */@layer theme,base,utilities;' +
    '@layer utilities{.flex{display:flex}.grid{display:grid}@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}' +
    '.\\32xl\\:p-4{padding:1rem}.aspect-\\[4\\/3\\]{aspect-ratio:4/3}.alpha,.beta{color:blue}' +
    '.group-hover\\:x:is(:where(.group):hover *){color:red}}' +
    '@layer base{html{color:black}table{border-collapse:collapse}:focus-visible{outline:3px solid}' +
    '[hidden]:where(:not([hidden=until-found])){display:none!important}}' +
    '.nav[data-solid=true]{background:white}.nav[data-menu-open=true]{background:white}' +
    '@keyframes spin{to{rotate:1turn}}@keyframes ping{to{opacity:0}}.spinning{animation:spin 1s linear infinite}';

  it('keeps the rules a page uses, in order, inside their @layer and @media, and drops the others', async () => {
    const out = await pruneStylesheet(css, '<html><div class="flex md:flex 2xl:p-4 aspect-[4/3] beta" hidden></div></html>');
    expect(out).toBe(
      '/*! licence */@layer theme,base,utilities;' +
        '@layer utilities{.flex{display:flex}@media (width>=48rem){.md\\:flex{display:flex}}' +
        '.\\32xl\\:p-4{padding:1rem}.aspect-\\[4\\/3\\]{aspect-ratio:4/3}.beta{color:blue}}' +
        '@layer base{html{color:black}:focus-visible{outline:3px solid}' +
        '[hidden]:where(:not([hidden=until-found])){display:none!important}}',
    );
  });

  it("keeps a variant naming an ancestor's class only with both in the page", async () => {
    expect(await pruneStylesheet(css, 'class="group-hover:x"')).not.toContain('group-hover');
    expect(await pruneStylesheet(css, 'class="group group-hover:x"')).toContain('.group-hover\\:x:is(:where(.group):hover *){color:red}');
  });

  it('keeps what a script sets at run time: attributes through dataset, classes, keyframes of kept rules', async () => {
    const page = '<header class="nav"></header>';
    expect(await pruneStylesheet(css, page)).not.toContain('data-solid');
    const out = await pruneStylesheet(css, `${page}<script>h.dataset.solid="true";h.dataset.menuOpen=String(o);s.classList.add("spinning")</script>`);
    expect(out).toContain('.nav[data-solid=true]{background:white}.nav[data-menu-open=true]{background:white}');
    expect(out).toContain('@keyframes spin{to{rotate:1turn}}.spinning{animation:spin 1s linear infinite}');
    expect(out).not.toContain('ping');
  });

  it('drops the custom properties and @property rules nothing reads, and rules left empty', async () => {
    const vars =
      '@property --tw-a{syntax:"*";inherits:false}@property --tw-b{syntax:"*";inherits:false}' +
      ':root{--color-x:red;--color-y:blue;--color-z:var(--color-y)}.p{color:var(--color-x);--tw-b:1}.q{color:var(--color-z)}@layer theme{:root{--unused:1}}';
    expect(await pruneStylesheet(vars, 'class="p"')).toBe(':root{--color-x:red}.p{color:var(--color-x)}');
    // Read through another property, or named by the page itself (a script reading it), it stays.
    expect(await pruneStylesheet(vars, 'class="q"')).toBe(':root{--color-y:blue;--color-z:var(--color-y)}.q{color:var(--color-z)}');
    expect(await pruneStylesheet(vars, 'class="p" getPropertyValue("--unused")')).toContain('--unused:1');
  });

  it("drops preflight's rules for a form field's parts where the page has no field, and keeps them where it has one", async () => {
    const fields =
      '@layer base{button,::file-selector-button{font:inherit}::placeholder{opacity:1}@supports (color:red){::placeholder{color:red}}' +
      '::-webkit-datetime-edit-year-field{padding-block:0}:-moz-ui-invalid{box-shadow:none}button{appearance:button}}';
    expect(await pruneStylesheet(fields, '<button></button>')).toBe('@layer base{button{font:inherit}button{appearance:button}}');
    expect(await pruneStylesheet(fields, '<button></button><input name="q">')).toBe(fields);
    expect(await pruneStylesheet(fields, "<button></button><script>document.createElement('textarea')</script>")).toBe(fields);
  });
});

describe('pruning a built page', () => {
  const css = '.used{color:red}.unused{color:blue}';
  const page = (sheet: string) =>
    `<head><meta http-equiv="content-security-policy" content="style-src 'self' ${hash(sheet)}"><style>${sheet}</style></head><body class="used"></body>`;

  it('rewrites the page with the smaller sheet and its hash, and leaves island pages whole', async () => {
    expect(await prunePage(page(css), [])).toBe(page('.used{color:red}'));
    const island = `${page(css)}<astro-island></astro-island>`;
    expect(await prunePage(island, [])).toBe(island);
  });

  it('keeps a class only a script or a template uses', async () => {
    expect(await prunePage(page(css), ["el.classList.add('unused')"])).toBe(page(css));
    const later = page(css).replace('</body>', '<template data-after-paint><p class="unused"></p></template></body>');
    expect(await prunePage(later, [])).toBe(later);
  });

  it('refuses a page whose policy does not name its stylesheet', async () => {
    await expect(prunePage(page(css).replace(hash(css), "'sha256-other'"), [])).rejects.toThrow(/no hash of its stylesheet/);
  });
});
