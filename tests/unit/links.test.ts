import { describe, expect, it } from 'vitest';
import { formatDateEt, formatEur } from '../../src/lib/format';
import {
  isAlwaysSolidNavPath,
  landingAnchorHref,
  mailtoHref,
  normalisePath,
  telHref,
  whatsAppHref,
} from '../../src/lib/links';

describe('landing anchors (spec: rewritten to /{anchor} off the landing page)', () => {
  it.each([
    ['/', '#programm'],
    ['/index.html', '#programm'],
    ['/kkk', '/#programm'],
    ['/kogemus/kadri-tamm', '/#programm'],
  ])('on %s the Programm link is %s', (path, href) => {
    expect(landingAnchorHref('#programm', path)).toBe(href);
  });
});

describe('top bar always solid', () => {
  it.each([
    ['/admin', true],
    ['/admin/bookings', true],
    ['/admin-setup', true],
    ['/dashboard', true],
    ['/dashboard/x', true],
    ['/', false],
    ['/kkk', false],
    ['/dashboards', false],
  ])('%s -> %s', (path, solid) => {
    expect(isAlwaysSolidNavPath(path)).toBe(solid);
  });
});

describe('contact links', () => {
  it('builds tel:, WhatsApp and mailto: links from display values', () => {
    expect(telHref('+372 5123 4567')).toBe('tel:+37251234567');
    expect(whatsAppHref('+372 5123 4567')).toBe('https://wa.me/37251234567');
    expect(whatsAppHref('+372 5123 4567', 'Tere! Soovin infot.')).toBe(
      'https://wa.me/37251234567?text=Tere!%20Soovin%20infot.',
    );
    expect(mailtoHref('info@example.com')).toBe('mailto:info@example.com');
  });
});

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/index.html', '/'],
    ['/kkk.html', '/kkk'],
    ['/kkk/', '/kkk'],
  ])('%s -> %s', (input, output) => {
    expect(normalisePath(input)).toBe(output);
  });
});

describe('Estonian formatting', () => {
  it('writes euros and dates the Estonian way', () => {
    expect(formatEur(1299)).toBe('1299\u00a0€');
    expect(formatEur(12990)).toBe('12\u00a0990\u00a0€');
    expect(formatDateEt('2024-11-24')).toBe('24.11.2024');
  });
});
