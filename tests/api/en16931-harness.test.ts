import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EN16931_ABSENT, EN16931_DIR, en16931Present, compiledRules, fatalRules, validateUbl } from '../helpers/en16931';

/**
 * The judge proves itself before it judges the product (issue 39): the publisher's own examples pass with no fatal
 * assert, and broken copies fail with the rule the folder's README names for each.
 */
if (!en16931Present) console.warn(EN16931_ABSENT);

const example = (name: string) => readFileSync(path.join(EN16931_DIR, 'examples', name), 'utf8');

describe.runIf(en16931Present)('the EN 16931 harness', () => {
  beforeAll(() => {
    compiledRules();
  }, 600_000);

  it.each(['ubl-tc434-example1.xml', 'ubl-tc434-example5.xml', 'ubl-tc434-creditnote1.xml', 'BIS3_Invoice_positive.XML'])('passes the publisher’s %s with no fatal assert', (name) => {
    expect(fatalRules(validateUbl(example(name)))).toEqual([]);
  });

  it('fails a copy whose payable amount is off with BR-CO-16, and one in currency XXX with BR-CO-15', () => {
    const original = example('ubl-tc434-example1.xml');
    const payable = original.replace(/(<cbc:PayableAmount currencyID="EUR">)([\d.]+)(<\/cbc:PayableAmount>)/, (_, open, amount, close) => `${open}${(Number(amount) + 0.01).toFixed(2)}${close}`);
    expect(payable).not.toBe(original);
    expect(fatalRules(validateUbl(payable))).toContain('BR-CO-16');
    const currency = original.replace(/<cbc:DocumentCurrencyCode>EUR<\/cbc:DocumentCurrencyCode>/, '<cbc:DocumentCurrencyCode>XXX</cbc:DocumentCurrencyCode>');
    expect(currency).not.toBe(original);
    expect(fatalRules(validateUbl(currency))).toContain('BR-CO-15');
  });
});
