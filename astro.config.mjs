// @ts-check
import { defineConfig, sharpImageService } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { reactAriaStyleHashes } from './scripts/csp/react-aria-styles.mjs';
import { calendarContextsApart } from './scripts/vite/calendar-contexts.mjs';
import { gregorianCalendarOnly } from './scripts/vite/gregorian-calendar.mjs';
import { pageCss } from './scripts/astro/page-css.mjs';

// The public origin is only used for canonical URLs and the sitemap; content is the same on every host.
const site = process.env.SITE_URL ?? 'http://localhost:4321';
// Optimised images and the content store are cached in the checkout, not in node_modules/.astro: node_modules may be
// shared between checkouts (a symlink), and a cache there would mix their content. ASTRO_CACHE_DIR moves it, e.g. to
// time a cold build without touching the warm one.
const cacheDir = process.env.ASTRO_CACHE_DIR ?? './.astro-cache';

export default defineConfig({
  site,
  cacheDir,
  output: 'static',
  trailingSlash: 'never',
  build: {
    format: 'file',
    // The stylesheet (11 KB br) is written into each page's <head> instead of being linked: a linked one is a
    // render-blocking request of its own after the page, which on a slow mobile link (Lighthouse's profile: 150 ms round
    // trip) kept every content page's first paint waiting one more round trip, and on the landing page a connection of
    // its own beside the hero image's (docs/decisions/025-content-lcp.md). Astro hashes the inlined <style> into each
    // page's CSP like its other inline parts; the pageCss integration below then trims each content page's copy.
    inlineStylesheets: 'always',
  },
  integrations: [
    react(),
    // Every public page except the not-found pages (dist/404.html, dist/kogemus/404.html).
    // Only pages meant for search: not the 404 pages, sign-in, the admin app or the first-admin screens.
    sitemap({
      filter: (page) => !/^\/(?:404|kogemus\/404|auth|minu-broneeringud|makse|tagasiside|dashboard|email-test|admin(?:\/.*)?|create-main-admin|admin-setup)(?:\.html)?\/?$/.test(new URL(page).pathname),
    }),
    // Each content page keeps only the inlined styles it uses (scripts/astro/page-css.mjs).
    pageCss(),
  ],
  // Encoding AVIF at sharp's default effort was most of a cold build. Lower efforts encode several times faster;
  // the higher qualities give back the fidelity they lose (docs/decisions/007-image-variants.md).
  image: { service: sharpImageService({ avif: { effort: 2, quality: 58 }, webp: { effort: 2, quality: 83 } }) },
  vite: {
    plugins: [
      tailwindcss(),
      // React Aria ships its built-in strings for ~35 languages; the admin app runs in Estonian only.
      optimizeLocales.vite({ locales: ['et-EE'] }),
      // ...and only the Gregorian calendar, et-EE's (its date fields would otherwise carry all thirteen systems).
      gregorianCalendarOnly(),
      // The date picker's calendar loads when a date field is reached for, not with every screen that has one.
      calendarContextsApart(),
    ],
    build: {
      // React and its renderer in one chunk: every island page loads all of them, and left to itself the bundler
      // cut them into four small chunks once the admin app shared them (1.2 KB gz more on each form page).
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
              // TanStack Query in one chunk too: the admin shell, every admin screen and the guest portal use it, and
              // cut in three (the client, useQuery, useMutation) it cost each of their first loads about 1.7 KB gz.
              { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            ],
          },
        },
      },
    },
  },
  // Shiki writes inline styles, which the CSP below forbids; stories have no code blocks anyway.
  markdown: { syntaxHighlight: false },
  security: {
    // Astro hashes its own inline scripts and styles into a per-page <meta> CSP; the hosts repeat that policy as a
    // header (scripts/write-static-headers.ts) so frame-ancestors, which a <meta> policy cannot carry, is enforced as well.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        'frame-src https://www.youtube-nocookie.com',
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // React Aria's two fixed run-time <style> elements (press handling, scroll lock in dialogs), by hash.
      styleDirective: { hashes: reactAriaStyleHashes() },
    },
  },
});
