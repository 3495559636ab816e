/**
 * /api/admin/bank-statements (issue "Collect"): upload a statement (multipart, the file in `file`; the body rules let
 * this route and its preview take a file of up to 5 MB), the imports so far and each one's outcome, and the review
 * list with its assign and dismiss actions.
 */
import { Hono, type Context } from 'hono';
import { assignInputSchema, BANK_STATEMENT_MESSAGES, dismissInputSchema, reviewListQuerySchema, statementListQuerySchema } from '../../../src/lib/admin/bank-statements';
import type { SignedInEnv } from '../../app-env';
import { assignTransaction, dismissTransaction, listStatements, reviewList } from '../../admin/bank-statements';
import { importStatement, previewStatement, storedImport } from '../../domain/bank/import';
import { ApiError } from '../../errors';
import { validJson, validQuery } from '../../http/validate';
import { bankStatementNotFound } from '../../domain/not-found';
import { bankStatementPath, bankTransactionPath } from '../path-ids';

const fileRequired = () => new ApiError('validation_failed', { details: [{ path: 'file', message: BANK_STATEMENT_MESSAGES.fileRequired }] });

/** The multipart body's `file`, or 422 `validation_failed` on the field. */
async function uploadedFile(c: Context<SignedInEnv>): Promise<{ bytes: Uint8Array; name: string | null }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw fileRequired();
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') throw fileRequired();
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || null };
}

export const adminBankStatementRoutes = new Hono<SignedInEnv>()
  .post('/', async (c) => c.json(await importStatement(c.var.deps, await uploadedFile(c), c.var.actor), 201))
  // What the file holds, nothing written: the upload form's warning before the admin confirms.
  .post('/preview', async (c) => c.json(await previewStatement(await uploadedFile(c))))
  .get('/', validQuery(statementListQuerySchema), async (c) => c.json(await listStatements(c.var.deps, c.req.valid('query'))))
  .get('/review', validQuery(reviewListQuerySchema), async (c) => c.json(await reviewList(c.var.deps, c.req.valid('query'))))
  .post('/review/:id/assign', bankTransactionPath, validJson(assignInputSchema), async (c) => {
    const transaction = await assignTransaction(c.var.deps, c.req.valid('param').id, c.req.valid('json').bookingId, c.var.actor);
    return c.json({ transaction });
  })
  .post('/review/:id/dismiss', bankTransactionPath, validJson(dismissInputSchema), async (c) => {
    const transaction = await dismissTransaction(c.var.deps, c.req.valid('param').id, c.req.valid('json').reason, c.var.actor);
    return c.json({ transaction });
  })
  .get('/:id', bankStatementPath, async (c) => {
    const result = await storedImport(c.var.deps, c.req.valid('param').id);
    if (!result) throw bankStatementNotFound();
    return c.json(result);
  });
