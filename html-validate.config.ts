/**
 * html-validate for the built pages (tests/build/html-validity.test.ts; by hand: `npx html-validate dist`).
 * Goal: report what the W3C HTML checker (the Nu checker, validator.w3.org/nu) reports as an error, and nothing
 * that is only a style or an opinion. Decision record: docs/decisions/017-html-validator.md.
 *
 * - `standard` is html-validate's conformance preset: content models, required and allowed attributes, their
 *   values, duplicate ids, deprecated elements. Not `recommended`: that adds style rules the checker does not have
 *   and our output breaks without being wrong (React writes `noValidate="" `, `<input/>` and ids starting with `_`,
 *   `tel-non-breaking`, `no-redundant-role` on the lists that keep role="list" for Safari, `long-title`,
 *   `wcag/h71`); accessibility has its own test (tests/e2e/accessibility.spec.ts, axe).
 * - No rule of `standard` is turned off. Two rules from `document` are turned on, because the checker reports
 *   them: a missing doctype and an id reference (`for`, `aria-controls`, `aria-labelledby`, …) to no element.
 *   The rest of `document` is not conformance (`heading-level`, `input-missing-label`, `require-sri`).
 * - Where html-validate and the checker disagree, the metadata and a local plugin below follow the checker; each
 *   says which error message of the checker it stands for.
 */
import type { DOMReadyEvent, ElementReadyEvent, Location, MetaDataTable, Plugin } from 'html-validate';
import { defineFlatConfig, metadataHelper, Rule, TextNode } from 'html-validate';
import html5 from 'html-validate/elements/html5';
import { standard } from 'html-validate/presets';

/** Element metadata on top of html5's. */
const checkerElements: MetaDataTable = {
  // "The sizes attribute must only be specified if the srcset attribute is also specified." (reported by the
  // `attribute-misuse` rule). html-validate checks it on <link imagesizes> only.
  img: { attributes: { sizes: { allowed: metadataHelper.allowedIfAttributeIsPresent('srcset') } } },
  // The checker accepts <style> where flow content is expected (not in phrasing content such as <span>); Astro
  // puts its island styles (`astro-island{display:contents}`) before the page's first island, inside <body>.
  style: { flow: true },
};

/** "Stray start tag …": an element, or text other than whitespace, after </html>. */
class NoContentAfterHtml extends Rule {
  documentation() {
    return { description: 'Nothing but whitespace and comments may follow the </html> end tag.' };
  }

  setup() {
    this.on('dom:ready', ({ document }: DOMReadyEvent) => {
      const [, ...after] = document.root.childNodes;
      for (const node of after) {
        if (node instanceof TextNode && node.textContent.trim() === '') continue;
        const what = node instanceof TextNode ? 'Text' : `<${node.nodeName.toLowerCase()}>`;
        this.report({ node, message: `${what} after </html>`, location: node.location });
      }
    });
  }
}

/**
 * "Bad value … for attribute datetime on element time" and "The text content of element time was not in the
 * required format": a <time>'s datetime attribute, or without one its text, must be one of the HTML date and
 * time syntaxes (a year, month, date, yearless date, week, time, local or global date and time, time-zone
 * offset, or duration). https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-time-element
 */
class TimeDatetime extends Rule {
  documentation() {
    return { description: 'A <time> element needs a machine-readable date, time or duration.' };
  }

  setup() {
    this.on('element:ready', ({ target }: ElementReadyEvent) => {
      if (target.tagName !== 'time') return;
      const attribute = target.getAttribute('datetime');
      if (attribute && attribute.isDynamic) return;
      const value = attribute ? String(attribute.value ?? '') : target.textContent.trim();
      if (isDatetimeValue(value)) return;
      const where: Location | null = attribute ? (attribute.valueLocation ?? attribute.keyLocation) : target.location;
      const message = attribute
        ? `Bad value "${value}" for attribute "datetime" on <time>`
        : `<time> without a "datetime" attribute must have a date, time or duration as its text, not "${value}"`;
      this.report({ node: target, message, location: where });
    });
  }
}

const checker: Plugin = {
  name: 'w3c-checker',
  rules: { 'w3c-checker/no-content-after-html': NoContentAfterHtml, 'w3c-checker/time-datetime': TimeDatetime },
};

export default defineFlatConfig([
  { elements: [html5, checkerElements] },
  standard,
  {
    plugins: [checker],
    rules: {
      'missing-doctype': 'error',
      'no-missing-references': 'error',
      'w3c-checker/no-content-after-html': 'error',
      'w3c-checker/time-datetime': 'error',
    },
  },
]);

// The HTML date and time microsyntaxes. Ranges are checked (month 1–12, the month's days, 00:00–23:59:59).
const TIME = String.raw`(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?`;
const OFFSET = String.raw`Z|[+-](\d{2}):?(\d{2})`;

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function isDate(text: string): boolean {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return year > 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function isTime(text: string): boolean {
  const match = new RegExp(`^${TIME}$`).exec(text);
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60 && Number(match[3] ?? 0) < 60;
}

function isOffset(text: string): boolean {
  const match = new RegExp(`^(?:${OFFSET})$`).exec(text);
  return !!match && (text === 'Z' || (Number(match[1]) < 24 && Number(match[2]) < 60));
}

function isDuration(text: string): boolean {
  // ISO 8601 form (P1DT2H30M, seconds with up to three decimals) or the spaced form ("1d 2h 30m").
  const iso = /^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{1,3})?S)?)?$/.exec(text);
  if (iso) return text !== 'P' && !text.endsWith('T') && !text.endsWith('PT');
  return /^(?:\s*(?:\d+\s*[WwDdHhMm]|\d+(?:\.\d{1,3})?\s*[Ss]))+\s*$/.test(text);
}

export function isDatetimeValue(text: string): boolean {
  if (/^\d{4,}$/.test(text)) return Number(text) > 0;
  const month = /^(\d{4,})-(\d{2})$/.exec(text);
  if (month) return Number(month[1]) > 0 && Number(month[2]) >= 1 && Number(month[2]) <= 12;
  const yearless = /^(?:--)?(\d{2})-(\d{2})$/.exec(text);
  if (yearless) return Number(yearless[1]) >= 1 && Number(yearless[2]) >= 1 && Number(yearless[2]) <= daysIn(2000, Number(yearless[1]));
  const week = /^(\d{4,})-W(\d{2})$/.exec(text);
  if (week) return Number(week[1]) > 0 && Number(week[2]) >= 1 && Number(week[2]) <= 53;
  const dateTime = new RegExp(`^(\\d{4,}-\\d{2}-\\d{2})[T ](${TIME})(${OFFSET})?$`).exec(text);
  if (dateTime) {
    const [, date = '', time = ''] = dateTime;
    const offset = text.slice(date.length + 1 + time.length);
    return isDate(date) && isTime(time) && (offset === '' || isOffset(offset));
  }
  return isDate(text) || isTime(text) || isOffset(text) || isDuration(text);
}
