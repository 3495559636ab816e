/**
 * /robots.txt, generated so the Sitemap line carries the absolute address of this build's site (SITE_URL), as the
 * robots.txt format requires. The admin app and account screens stay out of search engines.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://localhost:4321').href;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /dashboard', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
