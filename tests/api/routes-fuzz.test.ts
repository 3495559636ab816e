import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { STATEMENT_MAX_BYTES } from '../../worker/domain/bank/statement';
import { UPLOAD_ROUTES } from '../../worker/http/body-rules';
import { signedIn } from '../helpers/admin-session';
import { startApiFixture, type ApiFixture } from '../helpers/api-fixture';
import { camt053, swedbankCsv } from '../helpers/bank-statements';
import { readJson } from '../helpers/http';

/**
 * Every route under /api/admin and /api/me (issue "Privacy and safety", T4), read from the app's own route table so
 * a new route is fuzzed without anyone remembering to: malformed, empty and random bodies and queries, as the admin
 * and as a guest, on real ids and on made-up ones. Whatever arrives, no answer is a 5xx.
 */

let f: ApiFixture;
let guest: Awaited<ReturnType<typeof signedIn>>;
let bookingId = 0;

beforeAll(async () => {
  f = await startApiFixture();
  guest = await signedIn(f.app);
  // The guest's own booking, requested signed in (so it is their account's), priced and with money on it.
  bookingId = await f.pricedBooking({ email: guest.email }, guest.b);
  expect((await f.row(bookingId)).user_id).toBe(guest.userId);
  await f.pay(bookingId, 30000);
}, 60_000);
afterAll(async () => {
  await f.close();
});

/** The routes the app registers for the two audiences, one entry per method and path. */
function routes(prefix: string): { method: string; path: string }[] {
  const table = createApp(f.app.deps).routes.filter((r) => r.path.startsWith(prefix) && r.method !== 'ALL');
  const seen = new Set<string>();
  const unique = table.filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`)).map(({ method, path }) => ({ method, path }));
  // Routes that can end the session or the account go last, so every other route is tried signed in.
  const ending = (r: { path: string }) => /session|account/.test(r.path);
  return [...unique.filter((r) => !ending(r)), ...unique.filter(ending)];
}

/** A path with its parameters filled: real ids where the route wants one, or a value that is not one. */
const filled = (path: string, id: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, () => id);

const MALFORMED = ['{', '', 'null', '[]', '"text"', '{"version":"x"}', '{"a":{"b":[1,{"c":null}]}}', JSON.stringify({ version: 1e308, amount: '1'.repeat(400) })];

const body = fc.oneof(fc.constantFrom(...MALFORMED), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)));
const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?page=abc&pageSize=-1', '?q=%00%27%22', '?from=2030-13-40&to=x', '?status=<b>', '?sort=;drop&dir=sideways', '?page=99999999999999999999'),
  fc.dictionary(fc.constantFrom('q', 'page', 'pageSize', 'status', 'from', 'to', 'state', 'sort', 'dir', 'paymentStatus', 'waitingList'), fc.string({ maxLength: 12 }), { maxKeys: 3 }).map(
    (d) => `?${new URLSearchParams(d)}`,
  ),
);

async function sweep(prefix: string, who: Awaited<ReturnType<typeof signedIn>>, fewest = 6) {
  const failures: string[] = [];
  const list = routes(prefix);
  expect(list.length).toBeGreaterThanOrEqual(fewest);
  for (const { method, path } of list) {
    for (const id of [String(bookingId), '1', '0', 'abc', '99999999999']) {
      const samples = fc.sample(method === 'GET' || method === 'DELETE' ? query : body, 6);
      for (const sample of samples) {
        const url = filled(path, id) + (method === 'GET' ? sample : '');
        const res = method === 'GET' ? await who.b.get(url) : await who.b.send(method as 'POST' | 'PUT' | 'PATCH' | 'DELETE', url, method === 'DELETE' ? undefined : sample);
        if (res.status >= 500) failures.push(`${method} ${url} ${JSON.stringify(sample).slice(0, 80)} → ${res.status} ${JSON.stringify(await readJson(res).catch(() => null))}`);
        else await res.arrayBuffer();
      }
    }
  }
  return { failures, count: list.length };
}

describe('every /api/admin, /api/me and public lookup route with bad input', () => {
  it('answers the admin without a 5xx', async () => {
    const { failures } = await sweep('/api/admin', f.admin);
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers the guest without a 5xx', async () => {
    const { failures } = await sweep('/api/me', guest);
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers on the public routes that look something up by a secret (a discount code, an offer’s link) without a 5xx', async () => {
    for (const [prefix, fewest] of [['/api/discount-codes', 1], ['/api/place-offers', 2]] as const) {
      const { failures } = await sweep(prefix, guest, fewest);
      expect(failures, prefix).toEqual([]);
    }
  }, 120_000);
});

/**
 * The routes that take a file (a bank statement, and its preview) with hostile files (issue 36): entities, nesting,
 * size, encodings, spreadsheet formulas, NUL bytes, and random bytes. Whatever arrives, no answer is a 5xx.
 */
describe('every upload route with hostile files', () => {
  const statement = camt053([{ amountCents: 100, payerName: 'Mari Tamm', archiveId: 'FUZZ-1' }]);
  const csv = swedbankCsv([{ amountCents: 100, payerName: 'Mari Tamm', text: 'Ettemaks', archiveId: 'FUZZ-2' }]);
  const encoder = new TextEncoder();
  const HOSTILE: [string, Uint8Array][] = [
    ['external entity', encoder.encode(statement.replace('<Document', '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document').replace('Mari Tamm', '&x;'))],
    ['parameter entity', encoder.encode(statement.replace('<Document', '<!DOCTYPE d [<!ENTITY % p SYSTEM "http://example.com/p.dtd"> %p;]>\n<Document'))],
    ['entity expansion', encoder.encode(`<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "${'a'.repeat(1000)}"><!ENTITY b "${'&a;'.repeat(1000)}">]><BkToCstmrStmt>&b;</BkToCstmrStmt>`)],
    ['200 000-deep nesting', encoder.encode(`<Document><BkToCstmrStmt>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</BkToCstmrStmt></Document>`)],
    ['unclosed 200 000-deep nesting', encoder.encode(`<Document>${'<BkToCstmrStmt>'.repeat(200_000)}`)],
    ['one byte past 5 MB', new Uint8Array(STATEMENT_MAX_BYTES + 1).fill(0x3c)],
    ['5 MB of one element', encoder.encode(`<Document><BkToCstmrStmt><Stmt>${'x'.repeat(STATEMENT_MAX_BYTES - 200)}</Stmt></BkToCstmrStmt></Document>`)],
    ['a huge attribute', encoder.encode(statement.replace('<Document', `<Document a="${'y'.repeat(1_000_000)}"`))],
    ['formula cells', encoder.encode(csv.replace('Mari Tamm', '=cmd|\' /C calc\'!A0').replace('Ettemaks', '+SUM(A1:A9)@-1'))],
    ['NUL bytes in a CSV', encoder.encode(csv.replaceAll(';', ';\0'))],
    ['NUL bytes in XML', encoder.encode(statement.replace('Mari Tamm', 'Mari\0Tamm'))],
    ['a CSV in UTF-16 with an odd byte', Uint8Array.from([0xff, 0xfe, ...encoder.encode(csv), 0x41])],
    ['invalid UTF-8 in XML', Uint8Array.from([...encoder.encode(statement.slice(0, 200)), 0xc3, 0x28, 0xa0, 0xa1, ...encoder.encode(statement.slice(200))])],
    ['a byte-order mark alone', Uint8Array.from([0xef, 0xbb, 0xbf])],
    ['nothing', new Uint8Array(0)],
  ];

  it('answers every hostile and random file without a 5xx', async () => {
    // An admin of its own: the sweeps above end the fixture admin's session last. Every answer below is the route's
    // own (not a 401), as the 200s and 422s counted at the end show.
    const admin = await signedIn(f.app, { admin: true });
    const answered = new Map<number, number>();
    const failures: string[] = [];
    const random = fc.sample(fc.uint8Array({ maxLength: 4096 }), 20).map((bytes, i): [string, Uint8Array] => [`random ${i}`, bytes]);
    const garbled = fc
      .sample(fc.tuple(fc.nat({ max: statement.length }), fc.string({ maxLength: 40 })), 20)
      .map(([at, text], i): [string, Uint8Array] => [`garbled camt ${i}`, encoder.encode(`${statement.slice(0, at)}${text}${statement.slice(at)}`)]);
    for (const route of UPLOAD_ROUTES) {
      for (const [name, bytes] of [...HOSTILE, ...random, ...garbled]) {
        const form = new FormData();
        form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), `${name}.xml`);
        const res = await admin.b.upload(route.path, form);
        answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
        if (res.status >= 500) failures.push(`${route.path} ${name} → ${res.status} ${JSON.stringify(await readJson(res).catch(() => null))}`);
        else await res.arrayBuffer();
      }
    }
    expect(failures).toEqual([]);
    expect([...answered.keys()].sort()).toEqual([200, 201, 413, 422]);
  }, 240_000);
});
