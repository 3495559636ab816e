/**
 * Content collections. Editors own the files under the top-level `content/` folder; the schemas live in
 * src/lib/content-schemas.ts so tests can use them without Astro. A file that breaks its schema fails `astro build`
 * with the collection, the entry and the field in the message.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import {
  agreementDocumentSchema,
  createGalleryItemSchema,
  createSiteSettingsSchema,
  createTeamMemberSchema,
  createVideoSchema,
  extraSchema,
  faqSchema,
  legalPageSchema,
  programmeDaySchema,
  slugFromName,
  testimonialSchema,
  treatmentSchema,
} from './lib/content-schemas';

const json = (folder: string) => glob({ base: `./content/${folder}`, pattern: '**/*.json' });

export const collections = {
  /** Single entry, id "site": getEntry('settings', 'site'). */
  settings: defineCollection({
    loader: glob({ base: './content/settings', pattern: 'site.json' }),
    schema: ({ image }) => createSiteSettingsSchema(image),
  }),
  programmeDays: defineCollection({ loader: json('programme'), schema: programmeDaySchema }),
  faq: defineCollection({ loader: json('faq'), schema: faqSchema }),
  team: defineCollection({ loader: json('team'), schema: ({ image }) => createTeamMemberSchema(image) }),
  /** Entry id is the participant's slug, derived from the name: /kogemus/{id}. The Markdown body is the story. */
  testimonials: defineCollection({
    loader: glob({
      base: './content/testimonials',
      pattern: '**/*.md',
      generateId: ({ entry, data }) =>
        typeof data.name === 'string' && data.name.trim() !== '' ? slugFromName(data.name) : entry.replace(/\.md$/, ''),
    }),
    schema: testimonialSchema,
  }),
  treatments: defineCollection({ loader: json('treatments'), schema: treatmentSchema }),
  extras: defineCollection({ loader: json('extras'), schema: extraSchema }),
  gallery: defineCollection({ loader: json('gallery'), schema: ({ image }) => createGalleryItemSchema(image) }),
  /** Thumbnails are local files beside the entries (content/videos/images/). */
  videos: defineCollection({ loader: json('videos'), schema: ({ image }) => createVideoSchema(image) }),
  /** Entry id "privaatsus" (the file name): getEntry('legal', 'privaatsus'); render() for the body. */
  legal: defineCollection({
    loader: glob({ base: './content/legal', pattern: '**/*.md' }),
    schema: legalPageSchema,
  }),
  /**
   * The texts travellers sign, every version kept (issue 42): entry ids "terms" and "waiver". Validated here; read
   * through src/lib/agreements.ts, which the worker shares.
   */
  agreements: defineCollection({
    loader: glob({ base: './content/agreements', pattern: '*.json' }),
    schema: agreementDocumentSchema,
  }),
};
