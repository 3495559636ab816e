import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import {
  extraSchema,
  faqSchema,
  formatDateRangeBadge,
  galleryItemSchema,
  programmeDaySchema,
  siteSettingsSchema,
  slugFromName,
  teamMemberSchema,
  testimonialSchema,
  treatmentSchema,
  videoSchema,
} from '../../src/lib/content-schemas';

const CONTENT = join(import.meta.dirname, '..', '..', 'content');

interface ContentFile {
  /** Path relative to content/, for messages. */
  file: string;
  data: Record<string, unknown>;
  body?: string;
}

/** Every entry file of a content folder, parsed the way Astro parses it (JSON, or YAML frontmatter for Markdown). */
function readFolder(folder: string): ContentFile[] {
  const dir = join(CONTENT, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json') || name.endsWith('.md'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const text = readFileSync(path, 'utf8');
      const file = relative(CONTENT, path);
      if (name.endsWith('.json')) return { file, data: JSON.parse(text) as Record<string, unknown> };
      const { frontmatter, content } = parseFrontmatter(text);
      return { file, data: frontmatter, body: content };
    });
}

/** Issues as "path: message" lines, so a failing assertion names the field. */
function issuesOf(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? ` [${issue.keys.join(', ')}]` : '';
    return `${issue.path.join('.') || '(root)'}: ${issue.code}${keys}: ${issue.message}`;
  });
}

/** The paths of the issues a broken copy raises. */
function issuePaths(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  expect(result.success, 'the broken copy must be rejected').toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

/** A deep copy of `data` with `change` applied. */
function broken<T>(data: T, change: (copy: any) => void): T {
  const copy = structuredClone(data);
  change(copy);
  return copy;
}

const collections = [
  { folder: 'programme', schema: programmeDaySchema },
  { folder: 'faq', schema: faqSchema },
  { folder: 'team', schema: teamMemberSchema },
  { folder: 'testimonials', schema: testimonialSchema },
  { folder: 'treatments', schema: treatmentSchema },
  { folder: 'extras', schema: extraSchema },
  { folder: 'gallery', schema: galleryItemSchema },
  { folder: 'videos', schema: videoSchema },
  { folder: 'settings', schema: siteSettingsSchema },
] as const;

describe('the content files in content/', () => {
  for (const { folder, schema } of collections) {
    const files = readFolder(folder);

    it(`${folder}: has at least one entry`, () => {
      expect(files.length).toBeGreaterThan(0);
    });

    for (const { file, data } of files) {
      it(`${file} matches its schema`, () => {
        expect(issuesOf(schema, data)).toEqual([]);
      });
    }
  }

  it('programme days are numbered once each', () => {
    const days = readFolder('programme').map(({ data }) => data.day);
    expect(new Set(days).size).toBe(days.length);
  });

  it('testimonial slugs (derived from the names) are unique', () => {
    const slugs = readFolder('testimonials').map(({ data }) => slugFromName(String(data.name)));
    expect(slugs.every((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('the settings carry the specification values', () => {
    const [settings] = readFolder('settings');
    const parsed = siteSettingsSchema.parse(settings?.data);
    expect(parsed.editions.map((edition) => edition.badge)).toEqual(['14.-24.11.2025', '14.-24.01.2026', '14.-24.03.2026']);
    expect(parsed.editions.map((edition) => edition.id)).toEqual(['nov-2025', 'jan-2026', 'mar-2026']);
    expect(parsed.price).toMatchObject({
      amountEur: 1299,
      compareAtEur: 1599,
      fullPayment: { amountEur: 1234, discountPercent: 5 },
      instalments: { count: 3, amountEur: 433 },
      deferred: { fromEur: 65, maxMonths: 24 },
    });
    expect(parsed.retreat).toMatchObject({ durationDays: 10, minAge: 14, contactWithinHours: 24 });
    expect(parsed.terms).toMatchObject({ depositPercent: 50, finalPaymentDaysBefore: 60, minParticipants: 8 });
    expect(parsed.contacts.office).toBe('Tallinn');
  });
});

describe('broken content is rejected, naming the field', () => {
  const first = (folder: string) => {
    const entry = readFolder(folder)[0];
    if (!entry) throw new Error(`content/${folder} is empty`);
    return entry.data;
  };

  it('programme day: out-of-range day, missing title, misspelled field', () => {
    const day = first('programme');
    expect(issuePaths(programmeDaySchema, broken(day, (d) => (d.day = 11)))).toEqual(['day']);
    expect(issuePaths(programmeDaySchema, broken(day, (d) => delete d.title))).toEqual(['title']);
    expect(issuesOf(programmeDaySchema, broken(day, (d) => (d.activites = d.activities)))).toEqual([
      '(root): unrecognized_keys [activites]: Unrecognized key: "activites"',
    ]);
    expect(issuePaths(programmeDaySchema, broken(day, (d) => (d.activities = ['Jooga', ''])))).toEqual(['activities.1']);
  });

  it('faq: empty answer', () => {
    expect(issuePaths(faqSchema, broken(first('faq'), (d) => (d.answer = '   ')))).toEqual(['answer']);
  });

  it('team: unknown group, image outside the content folder', () => {
    const member = first('team');
    expect(issuePaths(teamMemberSchema, broken(member, (d) => (d.group = 'lead')))).toEqual(['group']);
    expect(issuePaths(teamMemberSchema, broken(member, (d) => (d.image = 'https://example.com/x.jpg')))).toEqual(['image']);
  });

  it('testimonial: rating above 5, bad date; an unquoted YAML date is accepted', () => {
    const testimonial = first('testimonials');
    expect(issuePaths(testimonialSchema, broken(testimonial, (d) => (d.rating = 6)))).toEqual(['rating']);
    expect(issuePaths(testimonialSchema, broken(testimonial, (d) => (d.date = '24.11.2024')))).toEqual(['date']);
    const parsed = testimonialSchema.parse(broken(testimonial, (d) => (d.date = new Date('2024-11-24T00:00:00Z'))));
    expect(parsed.date).toBe('2024-11-24');
  });

  it('treatment: no benefits, unknown area, icon with spaces', () => {
    const treatment = first('treatments');
    expect(issuePaths(treatmentSchema, broken(treatment, (d) => (d.benefits = [])))).toEqual(['benefits']);
    expect(issuePaths(treatmentSchema, broken(treatment, (d) => (d.area = 'feet')))).toEqual(['area']);
    expect(issuePaths(treatmentSchema, broken(treatment, (d) => (d.icon = 'Big Star')))).toEqual(['icon']);
  });

  it('extra: empty name', () => {
    expect(issuePaths(extraSchema, broken(first('extras'), (d) => (d.name = '')))).toEqual(['name']);
  });

  it('gallery: image not relative to the entry, missing alt', () => {
    const item = first('gallery');
    expect(issuePaths(galleryItemSchema, broken(item, (d) => (d.image = 'foto.jpg')))).toEqual(['image']);
    expect(issuePaths(galleryItemSchema, broken(item, (d) => delete d.alt))).toEqual(['alt']);
  });

  it('video: thumbnail from a host the CSP blocks, bad embed id, bad duration', () => {
    const video = first('videos');
    expect(issuePaths(videoSchema, broken(video, (d) => (d.thumbnail = 'https://img.example.com/x.jpg')))).toEqual([
      'thumbnail',
    ]);
    expect(issuePaths(videoSchema, broken(video, (d) => (d.embedId = 'https://youtu.be/x')))).toEqual(['embedId']);
    expect(issuePaths(videoSchema, broken(video, (d) => (d.duration = '3 min')))).toEqual(['duration']);
  });

  it('settings: misspelled and missing fields', () => {
    const settings = first('settings');
    expect(issuesOf(siteSettingsSchema, broken(settings, (d) => (d.contacts.emial = d.contacts.email)))).toContain(
      'contacts: unrecognized_keys [emial]: Unrecognized key: "emial"',
    );
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => delete d.contacts.email))).toEqual(['contacts.email']);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.contacts.email = 'info@')))).toEqual(['contacts.email']);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.contacts.whatsapp = '5123 4567')))).toEqual([
      'contacts.whatsapp',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.price.amountEur = 1299.5)))).toContain('price.amountEur');
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.social.instagram = 'https://evil.example/')))).toEqual([
      'social.instagram',
    ]);
  });

  it('settings: a date badge that disagrees with its dates, an end before the start, a repeated id', () => {
    const settings = first('settings');
    expect(issuesOf(siteSettingsSchema, broken(settings, (d) => (d.editions[1].endDate = '2026-01-28')))).toEqual([
      'editions.1.badge: custom: Märk ei vasta kuupäevadele, peaks olema "14.-28.01.2026"',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.editions[0].endDate = '2025-11-01')))).toEqual([
      'editions.0.endDate',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.editions[2].id = 'nov-2025')))).toEqual([
      'editions.2.id',
    ]);
  });

  it('settings: prices that do not add up', () => {
    const settings = first('settings');
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.price.compareAtEur = 999)))).toEqual([
      'price.compareAtEur',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.price.fullPayment.amountEur = 1200)))).toEqual([
      'price.fullPayment.amountEur',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.price.instalments.amountEur = 430)))).toEqual([
      'price.instalments.amountEur',
    ]);
  });
});

describe('slugFromName', () => {
  it.each([
    ['Kadri Tamm', 'kadri-tamm'],
    ['Kätlin Põder', 'katlin-poder'],
    ['Ülle Šmidt-Žukova', 'ulle-smidt-zukova'],
    ["  Mari-Liis O'Neill ", 'mari-liis-o-neill'],
  ])('%s -> %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

describe('formatDateRangeBadge', () => {
  it.each([
    ['2025-11-14', '2025-11-24', '14.-24.11.2025'],
    ['2026-01-04', '2026-01-09', '04.-09.01.2026'],
    ['2025-11-28', '2025-12-08', '28.11.-08.12.2025'],
    ['2025-12-28', '2026-01-07', '28.12.2025-07.01.2026'],
  ])('%s..%s -> %s', (start, end, badge) => {
    expect(formatDateRangeBadge(start, end)).toBe(badge);
  });
});
