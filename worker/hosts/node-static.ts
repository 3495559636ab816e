// Node-only: serves the pre-rendered site from dist/ the way Workers static assets do (html_handling
// "auto-trailing-slash", not_found_handling "404-page"), with the headers the build wrote into dist/_headers.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { appShellFor } from '../http/app-shell';
import { SECURITY_HEADERS } from '../http/security-headers';
import { headersFor, parseHeadersFile, routeKeyForFile } from './static-headers';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Text worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.webmanifest', '.xml', '.txt', '.svg']);

/**
 * What Workers does at the edge: brotli or gzip for text. Each version of a file (path, size and modification
 * time: a rebuild while the server runs makes a new one) is compressed once and kept.
 */
function compressor() {
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  return (file: string, body: Uint8Array<ArrayBuffer>, encoding: 'br' | 'gzip', version: string): Uint8Array<ArrayBuffer> => {
    const key = `${encoding}:${file}:${version}`;
    let packed = cache.get(key);
    if (!packed) {
      // zlib hands back fresh, unshared buffers; the cast only narrows Node's wider Buffer type.
      packed = (encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body, { level: 9 })) as Uint8Array<ArrayBuffer>;
      cache.set(key, packed);
    }
    return packed;
  };
}

function preferredEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Files the build leaves for the hosts' own use, never served. */
const PRIVATE_FILES = new Set(['_headers', '_redirects', '.assetsignore']);

function safeDecode(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then((s) => s.isFile(), () => false);
}

export async function createStaticHandler(distDir: string) {
  const root = path.resolve(distDir);
  const rules = parseHeadersFile(await readFile(path.join(root, '_headers'), 'utf8').catch(() => ''));
  const compress = compressor();

  /** Maps a URL path to a file under dist/, never outside it. */
  async function resolve(pathname: string): Promise<string | null> {
    const decoded = safeDecode(pathname);
    if (decoded === null || decoded.includes('\0') || decoded.includes('\\')) return null;
    const clean = path.posix.normalize(decoded).replace(/\/+$/, '');
    const candidates = clean === '' ? ['/index.html'] : [clean, `${clean}.html`, `${clean}/index.html`];
    for (const candidate of candidates) {
      const file = path.join(root, candidate);
      if (!file.startsWith(root + path.sep) || PRIVATE_FILES.has(path.basename(file))) return null;
      if (await isFile(file)) return file;
    }
    return null;
  }

  /**
   * Like Workers assets' "404-page" mode: the 404.html nearest to the requested path, walking up to dist/404.html
   * (so /kogemus/unknown gets dist/kogemus/404.html, "Tunnistust ei leitud").
   */
  async function nearestNotFoundPage(pathname: string): Promise<string> {
    let dir = path.posix.dirname(safeDecode(pathname) ?? '/');
    while (dir !== '/' && dir !== '.') {
      const file = path.join(root, dir, '404.html');
      if (file.startsWith(root + path.sep) && (await isFile(file))) return file;
      dir = path.posix.dirname(dir);
    }
    return path.join(root, '404.html');
  }

  return async function serveStatic(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const { pathname } = new URL(request.url);
    const app = appShellFor(pathname);
    const own = await resolve(pathname);
    const found = own ?? (app ? await resolve(app.shell) : null);
    const status = found && (own || app?.status === 200) ? 200 : 404;
    const file = found ?? (await nearestNotFoundPage(pathname));
    const body = await readFile(file).catch(() => null);
    if (!body) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

    const relative = path.relative(root, file);
    const headers = headersFor(rules, file.endsWith('.html') ? routeKeyForFile(relative) : `/${relative.split(path.sep).join('/')}`);
    headers.set('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
    // dist/_headers already says these (its /* rule); they are only filled in where it is missing. Setting them
    // over it would undo a page's own value, such as /auth's Referrer-Policy.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
    let payload: Uint8Array<ArrayBuffer> = body;
    if (COMPRESSIBLE.has(path.extname(file))) {
      headers.set('Vary', 'Accept-Encoding');
      const encoding = preferredEncoding(request.headers.get('Accept-Encoding'));
      if (encoding) {
        const { size, mtimeMs } = await stat(file);
        payload = compress(file, body, encoding, `${size}:${mtimeMs}`);
        headers.set('Content-Encoding', encoding);
      }
    }
    return new Response(request.method === 'HEAD' ? null : payload, { status, headers });
  };
}
