import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../worker/app';
import { MAX_BODY_BYTES } from '../../worker/http/body-rules';
import { ApiError } from '../../worker/errors';
import { validJson } from '../../worker/http/validate';
import { rawRequest, readJson } from '../helpers/http';
import { serveOnLoopback } from '../helpers/serve';
import { createTestDeps } from '../helpers/test-deps';

// The cross-cutting middleware, through real HTTP against the real app. Two fixture routes stand in for the
// resource routes later issues add: one that validates a JSON body with zod, one that fails unexpectedly.
const echoSchema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters'), age: z.number().int() }).strict();

let server: Awaited<ReturnType<typeof serveOnLoopback>>;
let env: Awaited<ReturnType<typeof createTestDeps>>;

beforeAll(async () => {
  server = await serveOnLoopback();
  // The configured origins: this server's own address (as the Node host's) and a public one behind a proxy.
  env = await createTestDeps({ allowedOrigins: [server.origin, 'https://retreat.example'] }, server.origin);
  const app = createApp(env.deps);
  app.post('/api/test/echo', validJson(echoSchema), (c) => c.json({ received: c.req.valid('json') }, 201));
  app.post('/api/test/boom', () => {
    throw new Error('SQLITE_CONSTRAINT: secret internals');
  });
  app.get('/api/test/expected', () => {
    throw new ApiError('not_found');
  });
  server.handle(app.fetch);
});

afterAll(async () => {
  await server.close();
  await env.cleanup();
});

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { Origin: server.origin, 'Content-Type': 'application/json', ...headers },
    body,
  });

describe('health', () => {
  it('answers ok after a real query', async () => {
    const res = await fetch(`${server.origin}/api/health`);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers 503 with db not ok when the database is gone', async () => {
    const broken = await createTestDeps();
    broken.deps.sql.close();
    const s = await serveOnLoopback(createApp(broken.deps).fetch);
    try {
      const res = await fetch(`${s.origin}/api/health`);
      expect(res.status).toBe(503);
      expect(await readJson(res)).toEqual({ status: 'error', db: 'unavailable' });
    } finally {
      await s.close();
      await broken.cleanup();
    }
  });
});

describe('error shape', () => {
  it('404 for an unknown /api path', async () => {
    const res = await fetch(`${server.origin}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await readJson(res)).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('400 for malformed JSON', async () => {
    const res = await post('/api/test/echo', '{"name": "Mari",');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.code).toBe('malformed_json');
  });

  it('413 for a body over 64 KB, announced by Content-Length', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), age: 1 }));
    expect(res.status).toBe(413);
    expect((await readJson(res)).error.code).toBe('payload_too_large');
  });

  it('413 for a streamed body over 64 KB without Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${server.origin}/api/test/echo`, {
      method: 'POST',
      headers: { Origin: server.origin, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await readJson(res)).error.code).toBe('payload_too_large');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await post('/api/test/echo', 'name=Mari', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect((await readJson(res)).error.code).toBe('unsupported_media_type');
  });

  it('422 with field details for a body that breaks the schema', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'M', age: 'old', extra: true }));
    expect(res.status).toBe(422);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        expect.objectContaining({ path: 'age' }),
        expect.objectContaining({ path: '' }),
      ]),
    );
  });

  it('passes a valid body through to the route', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'Mari', age: 30 }));
    expect(res.status).toBe(201);
    expect(await readJson(res)).toEqual({ received: { name: 'Mari', age: 30 } });
  });

  it('500 without internals for an unexpected exception, with the details only in the log', async () => {
    const res = await post('/api/test/boom', '{}');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe('internal_error');
    expect(text).not.toContain('SQLITE');
    expect(text).not.toContain('secret');
    const requestId = res.headers.get('X-Request-Id');
    expect(env.logs).toContainEqual(expect.objectContaining({ msg: 'unhandled exception', requestId }));
  });

  it('keeps the code of an expected ApiError', async () => {
    const res = await fetch(`${server.origin}/api/test/expected`);
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.code).toBe('not_found');
  });
});

describe('CSRF origin check', () => {
  it('403 for a cross-origin POST, before the body is looked at', async () => {
    const res = await post('/api/test/echo', 'not even json', { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.code).toBe('forbidden_origin');
  });

  it('403 for a POST without an Origin header', async () => {
    const res = await fetch(`${server.origin}/api/test/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mari', age: 30 }),
    });
    expect(res.status).toBe(403);
  });

  it('accepts a configured public origin (the site behind a proxy)', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'Mari', age: 30 }), { Origin: 'https://retreat.example' });
    expect(res.status).toBe(201);
  });

  it('403 when Host and Origin agree on a name that is not configured (DNS rebinding, forged Host)', async () => {
    const res = await rawRequest(`${server.origin}/api/test/echo`, {
      method: 'POST',
      headers: { Host: 'evil.example', Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mari', age: 30 }),
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.code).toBe('forbidden_origin');
  });

  it('lets GET through whatever the Origin', async () => {
    const res = await fetch(`${server.origin}/api/health`, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('headers and logging', () => {
  it('sets the security headers on success and on errors', async () => {
    for (const res of [await fetch(`${server.origin}/api/health`), await fetch(`${server.origin}/api/nope`)]) {
      expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('writes one structured log line per request, keyed by the X-Request-Id it returns', async () => {
    const res = await fetch(`${server.origin}/api/health`);
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = env.logs.filter((l) => l.msg === 'request' && l.requestId === id);
    expect(lines).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/health', status: 200, durationMs: expect.any(Number) }),
    ]);
  });
});
