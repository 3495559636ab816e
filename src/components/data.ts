/**
 * Build-time helpers the pages share: collections in their editorial order, and the retreat's structured data.
 * (Page-side code; the content schemas themselves live in src/lib/content-schemas.ts.)
 */
import { getCollection } from 'astro:content';
import type { SiteSettings } from '../lib/content-schemas';

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

export const programmeDays = async () => (await getCollection('programmeDays')).sort((a, b) => a.data.day - b.data.day);
export const faqItems = async () => (await getCollection('faq')).sort(byOrder);
export const treatments = async () => (await getCollection('treatments')).sort(byOrder);
export const extras = async () => (await getCollection('extras')).sort(byOrder);
export const galleryItems = async () => (await getCollection('gallery')).sort(byOrder);
export const videos = async () => (await getCollection('videos')).sort(byOrder);
export const teamMembers = async () => (await getCollection('team')).sort(byOrder);

/** Testimonials in order, each with whether it has a full story (a non-empty Markdown body). */
export const testimonials = async () =>
  (await getCollection('testimonials'))
    .sort(byOrder)
    .map((entry) => ({ ...entry, hasStory: Boolean(entry.body?.trim()) }));

/**
 * schema.org Events for the retreat's editions, each with the all-inclusive offer (price, currency) and the venue,
 * for the landing and booking pages' JSON-LD.
 */
export function retreatEventsJsonLd(settings: Pick<SiteSettings, 'retreatName' | 'tagline' | 'venue' | 'editions' | 'price' | 'siteName'>, site: URL | undefined) {
  const url = (path: string) => (site ? new URL(path, site).href : path);
  const place = {
    '@type': 'Place',
    name: `${settings.venue.place}, ${settings.venue.island}`,
    address: {
      '@type': 'PostalAddress',
      addressLocality: settings.venue.place,
      addressRegion: settings.venue.island,
      addressCountry: 'ID',
    },
  };
  return {
    '@context': 'https://schema.org',
    '@graph': settings.editions.map((edition) => ({
      '@type': 'Event',
      '@id': url(`/#${edition.id}`),
      name: `${settings.retreatName} (${edition.label})`,
      description: settings.tagline,
      startDate: edition.startDate,
      endDate: edition.endDate,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: place,
      image: [url('/og-image.jpg')],
      organizer: { '@type': 'Organization', name: settings.siteName, url: url('/') },
      offers: {
        '@type': 'Offer',
        price: settings.price.amountEur,
        priceCurrency: settings.price.currency,
        availability: 'https://schema.org/LimitedAvailability',
        url: url('/broneering'),
      },
    })),
  };
}
