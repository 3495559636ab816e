/**
 * Issue 41. The OpenAPI 3.1 document of the whole app, generated from the routes (hono-openapi's generateSpecs walks
 * `app.routes`; the validators, path ids and auth middlewares describe themselves, worker/http/openapi-meta.ts), plus
 * the Estonian summaries (./openapi-summaries.ts), the error envelope and the session cookie scheme.
 */
import type { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import { generateSpecs, uniqueSymbol } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as z from 'zod';
import { API_ERRORS } from '../../src/lib/api-errors';
import { OPENAPI_META, type OpenApiMeta } from './openapi-meta';
import { ROUTE_SUMMARIES } from './openapi-summaries';

/**
 * Hands each middleware's description (./openapi-meta.ts) to hono-openapi in the form it reads: a validator's schema
 * as a `toOpenAPISchema` converted by zod itself (io 'input': what a client sends, so transforms and pipes convert;
 * 'output' throws on them; 'throw': a schema JSON Schema cannot say fails the document test instead of becoming {}).
 */
function handOver(app: Hono<any, any, any>) {
  for (const route of app.routes) {
    const handler = findTargetHandler(route.handler) as unknown as Record<symbol, unknown>;
    const meta = handler[OPENAPI_META] as OpenApiMeta | undefined;
    if (!meta || handler[uniqueSymbol]) continue;
    if ('spec' in meta) {
      handler[uniqueSymbol] = meta;
      continue;
    }
    const toOpenAPISchema = async () => {
      const { $schema: _, ...json } = z.toJSONSchema(meta.schema, { io: 'input', unrepresentable: 'throw', target: 'draft-2020-12' });
      return { schema: json as OpenAPIV3_1.SchemaObject, components: undefined };
    };
    handler[uniqueSymbol] = { target: meta.target, toOpenAPISchema };
  }
}

const errorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(API_ERRORS) as [keyof typeof API_ERRORS, ...(keyof typeof API_ERRORS)[]]),
    message: z.string().meta({ description: 'Eestikeelne teade, mida ekraan võib näidata' }),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

const ERROR = { $ref: '#/components/responses/Error' } as const;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** "/api/admin/discount-codes/{id}" → "/api/admin/discount-codes/:id" (the route table's spelling). */
export const honoPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

function tagOf(path: string): string {
  const [, , first, second] = path.split('/');
  return first === 'admin' && second ? `admin/${second}` : (first ?? 'api');
}

export async function openApiDocument(app: Hono<any, any, any>) {
  handOver(app);
  const doc = await generateSpecs(app, {
    includeEmptyPaths: true, // routes without validators are in the table too
    defaultValidationErrorResponse: false, // ours is a 422 with the common envelope, added below
    excludeStaticFile: false, // the CSV/ZIP exports end in .csv/.zip
    documentation: {
      info: { title: 'Uus Algus API', version: '1' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'access_token',
            description: 'Lühiajaline seansi märk (küpsis); aegunud märk uuendatakse /api/auth/refresh kaudu',
          },
        },
        schemas: { ApiError: z.toJSONSchema(errorBody, { target: 'draft-2020-12' }) as object },
        responses: {
          Error: {
            description: 'Viga: stabiilne `code` ja eestikeelne `message`',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
        },
      },
    },
  });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const summary = ROUTE_SUMMARIES[`${method.toUpperCase()} ${honoPath(path)}`];
      if (summary) op.summary = summary;
      op.tags = [tagOf(path)];
      // generateSpecs applies a `use('*')` middleware's spec once per handler of the route: one requirement is enough.
      if (op.security) op.security = [{ session: [] }];
      op.responses ??= {};
      // hono-openapi's placeholder `200: {}` has no description (required by 3.1). The answer's schema is not known:
      // answers are TypeScript types inferred from c.json(), not zod schemas: the typed client reads them from the routes
      // themselves (src/islands/api/typed.ts).
      for (const [status, response] of Object.entries(op.responses)) {
        if (response && !('$ref' in response) && !response.description) op.responses[status] = { ...response, description: 'Õnnestus' };
      }
      if (op.requestBody || op.parameters?.some((p) => 'in' in p && p.in === 'query')) op.responses['422'] = ERROR;
      op.responses.default = ERROR;
    }
  }
  return doc;
}
