/** /admin/<unknown>: the site's 404 text (spec: "Oops! Page not found", with a link back to home). */
import { SCREEN_HEADING_ID } from './shell';

export function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-not-found>
      <p className="font-display text-7xl text-lagoon-700" aria-hidden="true">
        404
      </p>
      <h1 id={SCREEN_HEADING_ID} tabIndex={-1} className="mt-4 text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        Oops! Page not found
      </h1>
      <p className="mt-4 text-ink-600">Otsitud lehte ei ole olemas või on see teisaldatud.</p>
      <p className="mt-8">
        <a href="/" className="btn-primary px-7 text-base">
          Tagasi avalehele
        </a>
      </p>
    </div>
  );
}
