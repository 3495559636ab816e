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
 * schema.org structured data for the landing and booking pages: the retreat as a TouristTrip at its venue, with the
 * all-inclusive offer. No dates: the editions are back-office data shown at run time (issue "Sell"), and a page
 * built once must not tell search engines of dates that have passed or were never opened.
 */
export function retreatJsonLd(settings: Pick<SiteSettings, 'retreatName' | 'tagline' | 'venue' | 'price' | 'siteName' | 'retreat'>, site: URL | undefined) {
  const url = (path: string) => (site ? new URL(path, site).href : path);
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    '@id': url('/#retriit'),
    name: settings.retreatName,
    description: settings.tagline,
    touristType: 'Heaoluretriit',
    itinerary: {
      '@type': 'Place',
      name: `${settings.venue.place}, ${settings.venue.island}`,
      address: { '@type': 'PostalAddress', addressLocality: settings.venue.place, addressRegion: settings.venue.island, addressCountry: 'ID' },
    },
    image: [url('/og-image.jpg')],
    provider: { '@type': 'Organization', name: settings.siteName, url: url('/') },
    offers: {
      '@type': 'Offer',
      price: settings.price.amountEur,
      priceCurrency: settings.price.currency,
      availability: 'https://schema.org/LimitedAvailability',
      url: url('/broneering'),
    },
  };
}
