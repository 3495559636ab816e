/**
 * Issue 41. GET /api/openapi.json: admins only; an OpenAPI 3.1 document a well-kept validator accepts; every route of
 * the app's route table is in it and nothing else; every route has its Estonian summary.
 */
import { validate } from '@readme/openapi-parser';
import { expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { honoPath } from '../../worker/http/openapi';
import { ROUTE_SUMMARIES } from '../../worker/http/openapi-summaries';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';

const f = useApiFixture();
const routeTable = () =>
  new Set(
    createApp(f.app.deps)
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`),
  );
const operationsOf = (doc: { paths: Record<string, Record<string, unknown>> }) =>
  new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${honoPath(path)}`)));

it('answers 401 without a session and 403 to a non-admin', async () => {
  expect((await browser(f.app).get('/api/openapi.json')).status).toBe(401);
  const user = await signedIn(f.app);
  expect((await user.b.get('/api/openapi.json')).status).toBe(403);
});

it('is a valid OpenAPI 3.1 document of exactly the route table', async () => {
  const res = await f.admin.b.get('/api/openapi.json');
  expect(res.status).toBe(200);
  const doc = await readJson(res);
  expect(doc.openapi).toBe('3.1.0');
  const result = await validate(structuredClone(doc));
  expect(result.valid ? [] : result.errors).toEqual([]);
  expect([...operationsOf(doc)].sort()).toEqual([...routeTable()].sort());
});

it('has an Estonian summary for every route, and no summary for a route that is not there', () => {
  const table = routeTable();
  expect(Object.keys(ROUTE_SUMMARIES).filter((k) => !table.has(k))).toEqual([]);
  expect([...table].filter((k) => !ROUTE_SUMMARIES[k])).toEqual([]);
});
