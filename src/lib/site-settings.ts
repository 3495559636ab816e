import { getEntry } from 'astro:content';

/** The one site settings entry (content/settings/site.json): dates, prices, contacts. Build-time only. */
export async function getSiteSettings() {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('content/settings/site.json is missing');
  return entry.data;
}
