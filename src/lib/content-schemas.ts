/**
 * Schemas of the editor-owned content in `content/` (see src/content.config.ts for where each collection loads from).
 *
 * Plain zod, no `astro:content`, so unit tests and scripts can validate content files without Astro. Every object is
 * strict: a misspelled, missing or extra field fails `astro build` with the file and the field path in the message.
 *
 * Images: collections that hold pictures take Astro's `image()` schema helper (so pictures go through the image
 * pipeline). Outside Astro, pass `imagePathSchema`, which checks the same relative path as a string.
 */
import { z } from 'astro/zod';

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

/** ISO 13616: the country and check digits moved to the end, letters as 10..35, the number mod 97 is 1. */
const ibanChecksumHolds = (iban: string) =>
  [...`${iban.slice(4)}${iban.slice(0, 4)}`].reduce((rest, char) => Number(`${rest}${parseInt(char, 36)}`) % 97, 0) === 1;
const iban = z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'Vigane IBAN').refine(ibanChecksumHolds, 'IBAN-i kontrollsumma ei klapi');

/** A required, trimmed, single-line or multi-line text with an upper bound. */
const text = (max: number) => z.string().trim().min(1, 'Tekst ei tohi olla tühi').max(max, `Kuni ${max} märki`);

/** Ordering key for lists that editors sort by hand (1 comes first). */
const order = z.int().min(1);

/** A calendar date as ISO `YYYY-MM-DD`. YAML frontmatter turns an unquoted date into a Date; that is accepted too. */
export const isoDateSchema = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.iso.date('Kuupäev peab olema kujul AAAA-KK-PP'),
);

/** Clock time `H:MM` or `HH:MM` (24 h). */
const clockTime = z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'Kellaaeg peab olema kujul HH:MM');

/**
 * A phone number as people read it: `+`, country code, then digits in groups separated by single spaces.
 * The digits follow the site's phone rule: first digit 1-9, 7 to 16 digits in all.
 */
export const displayPhoneSchema = z
  .string()
  .regex(/^\+[1-9]\d*( \d+)*$/, 'Telefon peab olema kujul +372 5123 4567')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 16;
  }, 'Telefonis peab olema 7 kuni 16 numbrit');

const httpsUrlOn = (hostname: RegExp, message: string) =>
  z.url({ protocol: /^https$/, hostname, error: message });

/**
 * Stand-in for Astro's `image()` outside Astro: a path relative to the content file, to a raster or SVG image.
 * (Astro's own helper additionally checks that the file exists and reads its size.)
 */
export const imagePathSchema = () =>
  z
    .string()
    .regex(/^\.{1,2}\/[^\s]+\.(avif|gif|jpe?g|png|svg|webp)$/i, 'Pilt peab olema suhteline tee, nt ./pildid/foto.jpg');

// ---------------------------------------------------------------------------------------------------------------
// Helpers shared with pages

const ESTONIAN_LETTERS: Record<string, string> = { õ: 'o', ä: 'a', ö: 'o', ü: 'u', š: 's', ž: 'z' };

/** URL slug of a person's name: "Kätlin Põder" -> "katlin-poder". Used for /kogemus/{slug}. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[õäöüšž]/g, (letter) => ESTONIAN_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Collections

/** content/programme/*.json: one file per retreat day. */
export const programmeDaySchema = z.strictObject({
  day: z.int().min(1).max(10),
  title: text(80),
  description: text(600),
  activities: z.array(text(160)).min(1, 'Lisa vähemalt üks tegevus'),
});

/** content/faq/*.json: one question per file. */
export const faqSchema = z.strictObject({
  order,
  question: text(200),
  answer: text(2000),
});

/** content/team/*.json: the three main people and the supporting team. */
export const createTeamMemberSchema = <Image extends z.ZodType>(image: () => Image) =>
  z.strictObject({
    name: text(100),
    role: text(120),
    group: z.enum(['main', 'support']),
    bio: text(1500),
    image: image().optional(),
    imageAlt: text(200).optional(),
    order,
  });

/** content/testimonials/*.md: frontmatter below; the Markdown body, when present, is the full story at /kogemus/{slug}. */
export const testimonialSchema = z.strictObject({
  name: text(100),
  date: isoDateSchema,
  role: text(120),
  rating: z.int().min(1).max(5),
  highlight: text(200),
  text: text(1200),
  order,
});

/** content/treatments/*.json: body and face treatments (/kehahooldus). */
export const treatmentSchema = z.strictObject({
  name: text(100),
  area: z.enum(['body', 'face']),
  description: text(800),
  /** Icon key, e.g. "sparkles"; the page maps keys to inline SVG icons. */
  icon: z.string().regex(/^[a-z][a-z0-9-]*$/, 'Ikooni nimi: väiketähed ja sidekriipsud, nt "sparkles"'),
  benefits: z.array(text(200)).min(1, 'Lisa vähemalt üks kasu'),
  order,
});

/** content/extras/*.json: additional paid services (/lisateenused). */
export const extraSchema = z.strictObject({
  name: text(100),
  description: text(800),
  benefits: z.array(text(200)).min(1, 'Lisa vähemalt üks kasu'),
  order,
});

/** content/gallery/*.json: one picture per file, the image file beside it. */
export const createGalleryItemSchema = <Image extends z.ZodType>(image: () => Image) =>
  z.strictObject({
    image: image(),
    alt: text(200),
    order,
  });

/**
 * content/videos/*.json: YouTube videos, played from youtube-nocookie.com. The thumbnail is a local image file beside
 * the entry (e.g. ./images/retriidi-tutvustus.jpg), so the facade goes through Astro's image pipeline and loads
 * nothing from the video host until the visitor plays it.
 */
export const createVideoSchema = <Image extends z.ZodType>(image: () => Image) =>
  z.strictObject({
    title: text(150),
    duration: z.string().regex(/^(\d{1,2}:)?[0-5]?\d:[0-5]\d$/, 'Kestus peab olema kujul M:SS või H:MM:SS'),
    embedId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'YouTube video id: 11 märki'),
    description: text(600),
    thumbnail: image(),
    /** Shown as one of the landing page's intro videos. */
    featured: z.boolean(),
    order,
  });

/** content/legal/*.md (privaatsus.md, tingimused.md): frontmatter below, the Markdown body is the text. */
export const legalPageSchema = z.strictObject({
  title: text(100),
  /** Meta description of the page. */
  description: text(200),
  /** Month of the last change, `AAAA-KK`; shown as "jaanuar 2025" (formatEstonianMonth). */
  lastUpdated: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Kuu kujul AAAA-KK, nt 2025-01'),
});

/**
 * content/agreements/{terms,waiver}.json (issue 42): the texts each traveller signs, every version kept (an older
 * version stays readable, at its own address, forever). A version's text is what is signed, byte for byte: plain
 * paragraphs, "## " headings and "- " list items. The one in force is the latest whose day has come.
 */
export const agreementDocumentSchema = z.strictObject({
  title: text(100),
  description: text(200),
  versions: z
    .array(
      z.strictObject({
        /** `AAAA-KK`, and the version's address: /tingimused/2026-11. */
        version: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Versioon kujul AAAA-KK, nt 2026-11'),
        effectiveFrom: z.iso.date('Kuupäev kujul AAAA-KK-PP'),
        text: z.string().min(1).max(50_000),
      }),
    )
    .min(1)
    .refine((versions) => versions.every((v, i) => i === 0 || v.effectiveFrom > versions[i - 1]!.effectiveFrom), 'Versioonid kehtivuse järjekorras, vanim ees')
    .refine((versions) => new Set(versions.map((v) => v.version)).size === versions.length, 'Iga versioon on üks kord'),
});

// ---------------------------------------------------------------------------------------------------------------
// Site settings (content/settings/site.json, a single entry)

const euros = z.int().positive();

const priceSchema = z
  .strictObject({
    currency: z.literal('EUR'),
    /** The all-inclusive price per person, whole euros. */
    amountEur: euros,
    /** The struck-through former price. */
    compareAtEur: euros,
    fullPayment: z.strictObject({ amountEur: euros, discountPercent: z.int().min(1).max(50) }),
    instalments: z.strictObject({ count: z.int().min(2).max(12), amountEur: euros, interestFree: z.boolean() }),
    deferred: z.strictObject({ fromEur: euros, maxMonths: z.int().min(2).max(60) }),
    bankTransfer: z.boolean(),
    companyInvoice: z.boolean(),
    bookingFeeRefundable: z.boolean(),
  })
  .superRefine((price, ctx) => {
    if (price.compareAtEur <= price.amountEur) {
      ctx.addIssue({ code: 'custom', path: ['compareAtEur'], message: 'Läbikriipsutatud hind peab olema suurem kui hind' });
    }
    const discounted = Math.round((price.amountEur * (100 - price.fullPayment.discountPercent)) / 100);
    if (price.fullPayment.amountEur !== discounted) {
      ctx.addIssue({
        code: 'custom',
        path: ['fullPayment', 'amountEur'],
        message: `${price.fullPayment.discountPercent}% soodustusega hind peaks olema ${discounted}`,
      });
    }
    if (price.instalments.count * price.instalments.amountEur !== price.amountEur) {
      ctx.addIssue({ code: 'custom', path: ['instalments', 'amountEur'], message: 'Osamaksete summa peab võrduma hinnaga' });
    }
  });

const statSchema = z.strictObject({ value: text(12), label: text(60) });

/**
 * content/settings/site.json, a single entry. `hero.image` is a path relative to site.json (./hero.jpg), loaded with
 * Astro's `image()` helper: the landing hero's LCP picture.
 */
export const createSiteSettingsSchema = <Image extends z.ZodType>(image: () => Image) =>
  z.strictObject({
    siteName: text(60),
    retreatName: text(80),
    tagline: text(200),
    hero: z.strictObject({ image: image(), alt: text(200) }),
    venue: z.strictObject({ place: text(60), island: text(60), country: text(60) }),
    retreat: z.strictObject({
      durationDays: z.int().min(1).max(30),
      minAge: z.int().min(0).max(99),
      registrationClosesDaysBefore: z
        .strictObject({ min: z.int().min(0), max: z.int().min(0) })
        .refine((range) => range.min <= range.max, { path: ['max'], message: 'max peab olema vähemalt min' }),
      contactWithinHours: z.int().positive(),
    }),
    price: priceSchema,
    schedule: z.array(z.strictObject({ start: clockTime, end: clockTime, activity: text(80) })).min(1),
    included: z.array(text(200)).min(1),
    excluded: z.array(text(200)).min(1),
    /** Menu note, e.g. that meat can be added for a fee. */
    menuNote: text(200),
    /** "Hinnas sisaldub" list on the booking page, which words a few items differently from `included`. */
    bookingInclusions: z.array(text(200)).min(1),
    /** /kehahooldus: treatments included each day and their total value; `note` is the page's lead sentence. */
    treatments: z.strictObject({
      bodyPerDay: z.int().min(0),
      facePerDay: z.int().min(0),
      totalValueOverEur: euros,
      note: text(300),
    }),
    /** /lisateenused: the note that the stay can be extended by contacting the team. */
    extras: z.strictObject({ extendStayNote: text(300) }),
    /** /facebook-reklaam: the mock social-media ad. */
    adPreview: z.strictObject({
      pageName: text(60),
      headline: text(120),
      text: text(600),
      attendees: z.int().positive(),
      returning: z.int().positive(),
      cta: text(40),
      likes: z.int().min(0),
      comments: z.int().min(0),
      shares: z.int().min(0),
    }),
    /**
     * The payment rules, in one home (issue "Back office II", docs/decisions/012): the API derives the deposit flag
     * and the schedule from them, the admin screens, invoices and reminders show them, and the terms, the FAQ and the
     * landing page state them (a content test keeps the texts equal to these numbers).
     */
    payments: z.strictObject({
      /** The advance payment that confirms a place (the spec's invoice: 300 €). */
      advanceEur: z.int().positive(),
      /** The rest is due this many days before the retreat starts; a booking made later owes everything at once. */
      balanceDueDaysBefore: z.int().min(0),
      /** An invoice is due this many days after it is issued. */
      invoiceTermDays: z.int().min(0),
      /** Payment reminders go this many days before a due date and this many after it (and on the day). */
      reminderDays: z.strictObject({ before: z.int().positive(), after: z.int().positive() }),
      /** Issue 38: a waiting party's offer of freed places holds them this many hours, then passes to the next. */
      waitingListOfferHours: z.int().min(1).max(24 * 14),
      /** From the most days before the start down to 0: the first row whose `fromDaysBefore` is reached applies. */
      cancellation: z
        .array(
          z.strictObject({
            fromDaysBefore: z.int().min(0),
            refundPercent: z.int().min(0).max(100),
            feePercent: z.int().min(0).max(100),
          }),
        )
        .min(1)
        .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.fromDaysBefore < (tiers[i - 1]?.fromDaysBefore ?? 0)), 'Astmed kahanevas järjekorras')
        .refine((tiers) => tiers.at(-1)?.fromDaysBefore === 0, 'Viimane aste algab 0 päevast'),
    }),
    /** The invoice series and the seller printed on every invoice (placeholders until the editors fill them). */
    invoicing: z.strictObject({
      /** One consecutive series: {YYYY} is the year of issue, {N…} the series number zero-padded to as many digits. */
      numberFormat: z.string().regex(/^[^{}]*(\{YYYY\}[^{}]*)?\{N+\}[^{}]*$|^[^{}]*\{N+\}[^{}]*\{YYYY\}[^{}]*$/, 'Peab sisaldama {N}, soovi korral {YYYY}'),
      seller: z.strictObject({
        name: text(120),
        registryCode: z.string().regex(/^\d{8}$/, 'Registrikood on 8 numbrit'),
        vatNumber: z.string().regex(/^EE\d{9}$/, 'KMKR number kujul EE123456789').nullable(),
        address: text(200),
        email: z.email('Vigane e-posti aadress'),
        bank: text(80),
        iban,
      }),
      /**
       * The company's other bank accounts (issue 36): their statements pay bookings like the seller's IBAN's. A
       * statement of any account not here, nor the seller's, is imported but never matched automatically.
       */
      otherAccounts: z.array(iban).max(20),
    }),
    /**
     * The guest portal's deadlines (issue "Guest portal"): travel details are due this many days before the start,
     * a reminder goes this many days before that, and health information is erased this many days after the end
     * (the privacy policy states it; a content test keeps them equal).
     */
    portal: z.strictObject({
      travelDetailsDueDaysBefore: z.int().min(0),
      travelDetailsReminderDaysBefore: z.int().min(1),
      healthDataKeptDaysAfterEnd: z.int().min(0),
    }),
    terms: z.strictObject({
      minParticipants: z.int().min(1),
      passportValidMonths: z.int().min(0),
      changeNoticeDays: z.int().min(0),
    }),
    contacts: z.strictObject({
      whatsapp: displayPhoneSchema,
      /** Greeting prefilled in the WhatsApp message. */
      whatsappGreeting: text(200),
      phone: displayPhoneSchema,
      email: z.email('Vigane e-posti aadress'),
      office: text(60),
      openingHours: z.array(z.strictObject({ days: text(30), hours: text(30) })).min(1),
      emergency: text(120),
      /** Reachable 24/7 while a retreat is running. */
      emergencyPhone: displayPhoneSchema,
    }),
    social: z.strictObject({
      instagram: httpsUrlOn(/^(www\.)?instagram\.com$/, 'Instagrami link peab algama https://www.instagram.com/'),
      facebook: httpsUrlOn(/^(www\.|m\.)?facebook\.com$/, 'Facebooki link peab algama https://www.facebook.com/'),
    }),
    stats: z.strictObject({
      landing: z.array(statSchema).min(1),
      gallery: z.array(statSchema).min(1),
    }),
  });

export type ProgrammeDay = z.infer<typeof programmeDaySchema>;
export type FaqItem = z.infer<typeof faqSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Treatment = z.infer<typeof treatmentSchema>;
export type Extra = z.infer<typeof extraSchema>;
export type LegalPage = z.infer<typeof legalPageSchema>;
export type AgreementDocument = z.infer<typeof agreementDocumentSchema>;

/** The schemas with images checked as relative paths, for validation outside Astro. */
export const teamMemberSchema = createTeamMemberSchema(imagePathSchema);
export const galleryItemSchema = createGalleryItemSchema(imagePathSchema);
export const videoSchema = createVideoSchema(imagePathSchema);
export const siteSettingsSchema = createSiteSettingsSchema(imagePathSchema);
export type Video = z.infer<typeof videoSchema>;
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
