import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classNames, dropUnusedProperties, prunePage, pruneCss, splitSelectors } from '../../scripts/astro/page-css.mjs';

// scripts/astro/page-css.mjs trims the stylesheet inlined into each content page to the rules its markup and
// scripts can use. A rule kept too few breaks a page's looks; these pin down what is kept.
const inText = (text: string) => (name: string) => text.includes(name);
const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe('pruning a stylesheet to a page', () => {
  it('reads escaped class names as the markup writes them', () => {
    expect(classNames('.md\\:flex')).toEqual(['md:flex']);
    expect(classNames('.\\32xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(classNames('.aspect-\\[4\\/3\\]')).toEqual(['aspect-[4/3]']);
    expect(classNames('.group-hover\\:scale-105:is(:where(.group):hover *)')).toEqual(['group-hover:scale-105', 'group']);
    expect(splitSelectors(':is(a,b) .x,.y\\,z,[data-a="1,2"]')).toEqual([':is(a,b) .x', '.y\\,z', '[data-a="1,2"]']);
  });

  it('keeps the rules whose classes all occur, in order, inside their @media and @layer', () => {
    const css =
      '/*! licence */@layer theme,base;@layer utilities{.flex{display:flex}.grid{display:grid}@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}' +
      '.card-hover\\:x:is(:where(.shell):hover *){color:red}.alpha,.beta{color:blue}}html{color:black}@keyframes spin{to{rotate:1turn}}';
    const out = pruneCss(css, inText('<div class="flex md:flex beta">'));
    expect(out).toBe('@layer theme,base;@layer utilities{.flex{display:flex}@media (width>=48rem){.md\\:flex{display:flex}}.beta{color:blue}}html{color:black}@keyframes spin{to{rotate:1turn}}');
    // A variant naming an ancestor's class stays only with both in the page.
    expect(pruneCss(css, inText('class="card-hover:x"'))).not.toContain('card-hover');
    expect(pruneCss(css, inText('class="shell card-hover:x"'))).toContain('.card-hover\\:x:is(:where(.shell):hover *){color:red}');
  });

  it('drops the custom properties nothing reads, and rules left empty', () => {
    const css = '@property --tw-a{syntax:"*";inherits:false}@property --tw-b{syntax:"*";inherits:false}:root{--color-x:red;--color-y:blue}.p{color:var(--color-x);--tw-b:1}@layer theme{:root{--unused:1}}';
    expect(dropUnusedProperties(css, () => false)).toBe(':root{--color-x:red}.p{color:var(--color-x)}');
    // A property the page itself names (an inline style) is kept.
    expect(dropUnusedProperties(css, (text) => text === '--color-y')).toContain('--color-y:blue');
  });

  it('rewrites the page with the smaller sheet and its hash, and leaves island pages whole', () => {
    const css = '.used{color:red}.unused{color:blue}';
    const page = (sheet: string) =>
      `<head><meta http-equiv="content-security-policy" content="style-src 'self' ${hash(sheet)}"><style>${sheet}</style></head><body class="used"></body>`;
    expect(prunePage(page(css), [])).toBe(page('.used{color:red}'));
    const island = `${page(css)}<astro-island></astro-island>`;
    expect(prunePage(island, [])).toBe(island);
    // A class only a script uses is kept.
    expect(prunePage(page(css), ["el.classList.add('unused')"])).toBe(page(css));
  });
});
