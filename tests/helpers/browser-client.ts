import type { TestApp } from './app-server';

/**
 * A minimal browser stand-in for API tests: keeps the cookies the server sets (name → value; path scoping is not
 * modelled) and sends them back with the site's Origin, as the islands' same-origin fetches do.
 */
export function browser(app: TestApp) {
  const jar = new Map<string, string>();
  const store = (res: Response) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    async post(path: string, body?: unknown) {
      return store(
        await fetch(`${app.origin}${path}`, {
          method: 'POST',
          headers: { Origin: app.origin, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Cookie: cookie() },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    },
    async get(path: string) {
      return store(await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie() } }));
    },
    /** Any method with a JSON body (a string is sent as it is, for malformed-body tests). */
    async send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
      return store(
        await fetch(`${app.origin}${path}`, {
          method,
          headers: { Origin: app.origin, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Cookie: cookie() },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
    },
    /** A form with a file, as the browser sends one (fetch sets the multipart Content-Type and boundary). */
    async upload(path: string, form: FormData) {
      return store(await fetch(`${app.origin}${path}`, { method: 'POST', headers: { Origin: app.origin, Cookie: cookie() }, body: form }));
    },
  };
}
