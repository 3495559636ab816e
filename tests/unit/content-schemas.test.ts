import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import type { SiteSettings } from '../../src/lib/content-schemas';
import { formatDateRangeBadge, formatEstonianMonth } from '../../src/lib/format';
import {
  agreementDocumentSchema,
  extraSchema,
  faqSchema,
  galleryItemSchema,
  legalPageSchema,
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
  { folder: 'legal', schema: legalPageSchema },
  { folder: 'agreements', schema: agreementDocumentSchema },
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
    // Editions are back-office data (issue "Sell"): the file keeps no dates to sell.
    expect(parsed).not.toHaveProperty('editions');
    expect(parsed.price).toMatchObject({
      amountEur: 1299,
      compareAtEur: 1599,
      fullPayment: { amountEur: 1234, discountPercent: 5 },
      instalments: { count: 3, amountEur: 433 },
      deferred: { fromEur: 65, maxMonths: 24 },
    });
    expect(parsed.retreat).toMatchObject({ durationDays: 10, minAge: 14, contactWithinHours: 24 });
    expect(parsed.terms).toMatchObject({ minParticipants: 8 });
    expect(parsed.payments).toMatchObject({ advanceEur: 300, balanceDueDaysBefore: 60, invoiceTermDays: 14 });
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

  it('video: thumbnail from a remote host, bad embed id, bad duration', () => {
    const video = first('videos');
    expect(issuePaths(videoSchema, broken(video, (d) => (d.thumbnail = 'https://i.ytimg.com/vi/x/hqdefault.jpg')))).toEqual([
      'thumbnail',
    ]);
    expect(issuePaths(videoSchema, broken(video, (d) => (d.embedId = 'https://youtu.be/x')))).toEqual(['embedId']);
    expect(issuePaths(videoSchema, broken(video, (d) => (d.duration = '3 min')))).toEqual(['duration']);
  });

  it('legal: missing title, last-updated month in words', () => {
    const page = first('legal');
    expect(issuePaths(legalPageSchema, broken(page, (d) => delete d.title))).toEqual(['title']);
    expect(issuePaths(legalPageSchema, broken(page, (d) => (d.lastUpdated = 'jaanuar 2025')))).toEqual(['lastUpdated']);
  });

  it('settings: hero image not a relative path, missing ad preview figure, bad emergency phone', () => {
    const settings = first('settings');
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.hero.image = 'https://example.com/hero.jpg')))).toEqual([
      'hero.image',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => delete d.hero.alt))).toEqual(['hero.alt']);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => delete d.adPreview.returning))).toEqual([
      'adPreview.returning',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => (d.contacts.emergencyPhone = '+372 12')))).toEqual([
      'contacts.emergencyPhone',
    ]);
    expect(issuePaths(siteSettingsSchema, broken(settings, (d) => delete d.extras.extendStayNote))).toEqual([
      'extras.extendStayNote',
    ]);
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

describe('the content carries the specification', () => {
  const data = (folder: string) => readFolder(folder).map(({ data }) => data);
  const byOrder = (a: Record<string, unknown>, b: Record<string, unknown>) => Number(a.order) - Number(b.order);

  it('programme: the 10 days with the titles in order', () => {
    const days = data('programme').sort((a, b) => Number(a.day) - Number(b.day));
    expect(days.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(days.map((day) => day.title)).toEqual([
      'Avatseremoonia',
      'Hinge ja keha äratamine',
      'Varjutöö',
      'Puhastumine ja tuletseremoonia',
      'Noorendamine ja enesehool',
      'Südame avamine ja loodus (veetseremoonia)',
      'Integratsioon ja hingamistöö',
      'Ajurveeda ja aluselise toitumise kursus',
      'Laienemine ja lõpuhingamistöö (gongiheliteraapia)',
      'Lõpetamine ja lõputseremoonia (kakao)',
    ]);
  });

  it('testimonials: 7 with 5 stars, 6 of them with a full story', () => {
    const files = readFolder('testimonials');
    expect(files).toHaveLength(7);
    expect(files.every(({ data }) => data.rating === 5)).toBe(true);
    expect(files.filter(({ body }) => (body ?? '').trim().length > 200)).toHaveLength(6);
  });

  it('faq: 20 questions, ordered 1..20', () => {
    expect(data('faq').map((item) => item.order).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('team: 3 main and 5 supporting people', () => {
    const team = data('team');
    expect(team.filter((member) => member.group === 'main')).toHaveLength(3);
    expect(team.filter((member) => member.group === 'support')).toHaveLength(5);
  });

  it('treatments: the 9 of the specification, one of them for the face', () => {
    const treatments = data('treatments').sort(byOrder);
    expect(treatments.map((treatment) => treatment.name)).toEqual([
      'LPG tselluliidimassaaž',
      'Krüolipolüüs',
      'Cold Lipo',
      'EndosPheres teraapia',
      'Kavitatsioon',
      'RF-lifting näole',
      'RF-lifting kehale',
      'EMS',
      'Inframatt',
    ]);
    expect(treatments.filter((treatment) => treatment.area === 'face').map((treatment) => treatment.name)).toEqual([
      'RF-lifting näole',
    ]);
  });

  it('extras: the 6 of the specification', () => {
    expect(data('extras').sort(byOrder).map((extra) => extra.name)).toEqual([
      'Nõelravi suitsetamisest loobumiseks',
      'Osoonteraapia',
      'Hüperbaariline kamber',
      'Soolepuhastus',
      'Privaatne hingamistöö',
      'Privaatne seanss kohaliku ravitsejaga',
    ]);
  });

  it('videos: 8 with distinct embed ids, 2 featured on the landing page', () => {
    const videos = data('videos');
    expect(videos).toHaveLength(8);
    expect(new Set(videos.map((video) => video.embedId)).size).toBe(8);
    expect(videos.filter((video) => video.featured)).toHaveLength(2);
  });

  it('gallery: about 70 pictures, each with its own alt text', () => {
    const gallery = data('gallery');
    expect(gallery.length).toBeGreaterThanOrEqual(65);
    expect(gallery.length).toBeLessThanOrEqual(75);
    expect(new Set(gallery.map((item) => item.alt)).size).toBe(gallery.length);
    expect(new Set(gallery.map((item) => item.order)).size).toBe(gallery.length);
  });

  it('every image a content file points at exists and is under 200 KB', () => {
    const refs: string[] = [];
    for (const folder of ['gallery', 'videos', 'team', 'settings']) {
      for (const { file, data: entry } of readFolder(folder)) {
        const hero = (entry.hero as { image?: unknown } | undefined)?.image;
        for (const ref of [entry.image, entry.thumbnail, hero]) {
          if (typeof ref === 'string') refs.push(resolve(dirname(join(CONTENT, file)), ref));
        }
      }
    }
    expect(refs.length).toBeGreaterThanOrEqual(70 + 8 + 1);
    const problems = refs.filter((path) => !existsSync(path) || statSync(path).size >= 200 * 1024);
    expect(problems.map((path) => relative(CONTENT, path))).toEqual([]);
  });

  it('settings: schedule, statistics, treatments and ad preview figures', () => {
    const settings = siteSettingsSchema.parse(readFolder('settings')[0]?.data);
    expect(settings.schedule.map(({ start, end }) => `${start}-${end}`)).toEqual([
      '6:30-8:00',
      '8:30-9:30',
      '10:00-16:00',
      '19:00-21:00',
    ]);
    expect(settings.stats.landing.map(({ value }) => value)).toEqual(['100+', '6 kg', '10', '5+']);
    expect(settings.stats.gallery.map(({ value }) => value)).toEqual(['100+', '8', '4', '1000+']);
    expect(settings.treatments).toMatchObject({ bodyPerDay: 2, facePerDay: 1, totalValueOverEur: 2000 });
    expect(settings.adPreview).toMatchObject({ attendees: 192, returning: 19 });
    expect(settings.payments.cancellation).toEqual([
      { fromDaysBefore: 60, refundPercent: 100, feePercent: 5 },
      { fromDaysBefore: 30, refundPercent: 50, feePercent: 0 },
      { fromDaysBefore: 0, refundPercent: 0, feePercent: 0 },
    ]);
    expect(settings.terms).toMatchObject({ passportValidMonths: 6, changeNoticeDays: 30 });
    expect(settings.excluded).toEqual(['Majutus', 'Lennud Eestist Balile', 'Isiklikud kulud', 'Lisateenused väljaspool programmi']);
  });

  it('legal: the privacy policy with its month; the terms in force state every business rule, the payment rules from the settings', () => {
    const pages = readFolder('legal');
    expect(pages.map(({ file }) => file).sort()).toEqual(['legal/privaatsus.md']);
    // The privacy policy changed when the guest portal began keeping travel and health details (issue "Guest portal").
    expect(formatEstonianMonth(String(pages[0]?.data.lastUpdated))).toBe('november 2026');
    const [settings] = readFolder('settings');
    // The terms are a signed text with its versions (issue 42): the one in force is what a booking accepts.
    const terms = agreementDocumentSchema.parse(JSON.parse(readFileSync(join(CONTENT, 'agreements', 'terms.json'), 'utf8')));
    const inForce = terms.versions.at(-1)!.text;
    for (const rule of [
      ...paymentRuleTexts(siteSettingsSchema.parse(settings?.data).payments),
      'vähemalt 8',
      'kehtiv vähemalt 6 kuud',
      'vähemalt 30 päeva enne nende jõustumist',
    ]) {
      expect(inForce, rule).toContain(rule);
    }
  });

  it('agreements: the terms and the waiver, each version in effect order with its day; a broken file names its field', () => {
    for (const kind of ['terms', 'waiver']) {
      const document = agreementDocumentSchema.parse(JSON.parse(readFileSync(join(CONTENT, 'agreements', `${kind}.json`), 'utf8')));
      expect(document.versions.length, kind).toBeGreaterThan(0);
    }
    const waiver = JSON.parse(readFileSync(join(CONTENT, 'agreements', 'waiver.json'), 'utf8'));
    for (const part of ['Tervisedeklaratsioon', 'Vastutus tegevuste eest', 'Nõusolek esmaabiks']) expect(waiver.versions.at(-1).text).toContain(part);
    const copy = structuredClone(waiver);
    copy.versions.push({ ...copy.versions[0], effectiveFrom: '2020-01-01', version: '2020-01' });
    expect(agreementDocumentSchema.safeParse(copy).success).toBe(false);
    const noDay = structuredClone(waiver);
    noDay.versions[0].effectiveFrom = 'november';
    expect(issuePaths(agreementDocumentSchema, noDay)).toEqual(['versions.0.effectiveFrom']);
  });

  it('the privacy policy states the health-data keeping time of the settings, and the portal’s rights', () => {
    const portal = siteSettingsSchema.parse(readFolder('settings')[0]?.data).portal;
    const privacy = readFolder('legal').find(({ file }) => file.endsWith('privaatsus.md'))?.body ?? '';
    for (const rule of [
      `terviseandmed kustutatakse automaatselt ${portal.healthDataKeptDaysAfterEnd} päeva pärast retriidi lõppu`,
      'iga korraldaja vaatamine logitakse',
      'saate oma andmed alla laadida ja konto kustutada',
    ]) {
      expect(privacy, rule).toContain(rule);
    }
  });

  it('the FAQ states the same payment and cancellation rules as the settings', () => {
    const payments = siteSettingsSchema.parse(readFolder('settings')[0]?.data).payments;
    const answer = (file: string) => String(readFolder('faq').find((entry) => entry.file === `faq/${file}`)?.data.answer ?? '');
    const [advance, balance, , ...tiers] = paymentRuleTexts(payments);
    const paying = answer('kuidas-maksmine-kaib.json');
    for (const rule of [advance, balance]) expect(paying, rule).toContain(rule);
    const cancelling = answer('mis-saab-kui-pean-tuhistama.json');
    for (const rule of tiers) expect(cancelling, rule).toContain(rule);
  });
});

/**
 * The sentences the terms must contain, made from the settings' payment rules: when an editor changes a number in
 * site.json and not in the prose (or the other way round), the content test fails before the pull request lands.
 */
function paymentRuleTexts(payments: SiteSettings['payments']): string[] {
  const tiers = payments.cancellation;
  return [
    `ettemaks ${payments.advanceEur} eurot`,
    `hiljemalt ${payments.balanceDueDaysBefore} päeva enne retriidi algust`,
    `maksetähtaeg on ${payments.invoiceTermDays} päeva`,
    ...tiers.map((tier, i) => {
      const above = tiers[i - 1]?.fromDaysBefore;
      const when =
        above === undefined
          ? `${tier.fromDaysBefore} või rohkem päeva enne retriidi algust`
          : tier.fromDaysBefore === 0
            ? `vähem kui ${above} päeva enne retriidi algust`
            : `${tier.fromDaysBefore}-${above - 1} päeva enne retriidi algust`;
      if (tier.refundPercent === 0) return `${when}, tasutud summat ei tagastata`;
      const refund = tier.refundPercent === 100 ? 'kogu tasutud summa' : `${tier.refundPercent}%`;
      return `${when}, tagastame ${refund}${tier.feePercent > 0 ? `, millest arvatakse maha ${tier.feePercent}% menetlustasu` : ''}`;
    }),
  ];
}

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

describe('formatEstonianMonth', () => {
  it.each([
    ['2025-01', 'jaanuar 2025'],
    ['2026-03', 'märts 2026'],
    ['2024-12', 'detsember 2024'],
  ])('%s -> %s', (month, words) => {
    expect(formatEstonianMonth(month)).toBe(words);
  });

  it('rejects a month that does not exist', () => {
    expect(() => formatEstonianMonth('2025-13')).toThrow();
  });
});
