/**
 * The back office's discount codes ("Soodustused", issue 38): the list with each code's uses and the money it gave
 * away, adding a code, changing what may change (editions, days, maximum, note) and ending it. A code is never
 * deleted: bookings carry it. Each change is one batch with its audit record; a stale version is 409.
 */
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  DISCOUNT_CODE_MESSAGES,
  discountCodeState,
  type DiscountCodeCreate,
  type DiscountCodeEdit,
  type DiscountCodeItem,
  type DiscountCodeListResponse,
} from '../../src/lib/discount-codes';
import { tallinnDay } from '../../src/lib/format';
import type { PageRequest } from '../db/paging';
import { containsSql, pageWindow } from '../db/paging';
import { discountCodes, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { auditIfChanged } from '../domain/audit';
import { IS_BILLED_SQL } from '../domain/bookings/states';
import { discountCodeNotFound } from '../domain/not-found';
import { failedWith } from '../db/failures';

type Deps = Pick<AppDeps, 'db' | 'now'>;

const columns = {
  id: discountCodes.id,
  code: discountCodes.code,
  percent: discountCodes.percent,
  amountPerPersonCents: discountCodes.amountPerPersonCents,
  retreatIds: discountCodes.retreatIds,
  validFrom: discountCodes.validFrom,
  validUntil: discountCodes.validUntil,
  maxUses: discountCodes.maxUses,
  uses: discountCodes.uses,
  note: discountCodes.note,
  endedAt: discountCodes.endedAt,
  createdAt: discountCodes.createdAt,
  version: discountCodes.version,
  // What the bookings that hold their places were given: a waiting or cancelled booking was given nothing (yet).
  givenAwayCents: sql<number>`(SELECT coalesce(sum(b.code_discount_cents), 0) FROM bookings AS b WHERE b.discount_code_id = "discount_codes"."id" AND ${IS_BILLED_SQL('b')})`,
};
type Row = Omit<DiscountCodeItem, 'retreats' | 'state' | 'givenAwayCents'> & { retreatIds: number[] | null; givenAwayCents: number };

async function itemsOf({ db }: Pick<AppDeps, 'db'>, rows: Row[], today: string): Promise<DiscountCodeItem[]> {
  const ids = [...new Set(rows.flatMap((r) => r.retreatIds ?? []))];
  const names = new Map(
    ids.length === 0 ? [] : (await db.select({ id: retreats.id, name: retreats.name }).from(retreats).where(inArray(retreats.id, ids))).map((r) => [r.id, r.name]),
  );
  return rows.map(({ retreatIds, ...r }) => ({
    ...r,
    givenAwayCents: Number(r.givenAwayCents),
    retreats: retreatIds === null ? null : retreatIds.map((id) => ({ id, name: names.get(id) ?? `Retriit ${id}` })),
    state: discountCodeState(r, today),
  }));
}

export async function listDiscountCodes(deps: Deps, query: PageRequest & { q?: string }): Promise<DiscountCodeListResponse> {
  const { db } = deps;
  const where = query.q ? or(containsSql(discountCodes.code, query.q.toLocaleUpperCase('et')), containsSql(discountCodes.note, query.q)) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [matching]] = await db.batch([
    db.select(columns).from(discountCodes).where(where).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  return { items: await itemsOf(deps, rows, tallinnDay(deps.now())), total: Number(matching?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getDiscountCode(deps: Deps, id: number): Promise<DiscountCodeItem> {
  const [row] = await deps.db.select(columns).from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw discountCodeNotFound();
  const [item] = await itemsOf(deps, [row], tallinnDay(deps.now()));
  return item!;
}

/** Every edition named must exist; the refusal is under the field. */
async function checkRetreats({ db }: Pick<AppDeps, 'db'>, ids: number[] | null): Promise<void> {
  if (ids === null) return;
  const [found] = await db.select({ n: count() }).from(retreats).where(inArray(retreats.id, ids));
  if (Number(found?.n ?? 0) !== ids.length) {
    throw new ApiError('validation_failed', { details: [{ path: 'retreatIds', message: DISCOUNT_CODE_MESSAGES.retreatUnknown }] });
  }
}

const auditOf = (deps: Deps, actor: Actor, action: 'discount_code.create' | 'discount_code.update' | 'discount_code.end', resourceId: string | ReturnType<typeof sql>, metadata: Record<string, unknown>) =>
  auditIfChanged(deps, { actor, action, severity: 'medium', resourceType: 'discount_code', resourceId, metadata });

export async function createDiscountCode(deps: Deps, input: DiscountCodeCreate, actor: Actor): Promise<DiscountCodeItem> {
  await checkRetreats(deps, input.retreatIds);
  const stamp = deps.now().toISOString();
  const values = {
    code: input.code,
    percent: input.percent,
    amountPerPersonCents: input.amountPerPerson,
    retreatIds: input.retreatIds,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    maxUses: input.maxUses,
    note: input.note,
  };
  try {
    const [[created]] = await deps.db.batch([
      deps.db.insert(discountCodes).values({ ...values, createdAt: stamp, updatedAt: stamp }).returning({ id: discountCodes.id }),
      auditOf(deps, actor, 'discount_code.create', sql`last_insert_rowid()`, { values }),
    ]);
    return getDiscountCode(deps, created!.id);
  } catch (err) {
    if (failedWith(err, /UNIQUE constraint failed: discount_codes\.code/)) {
      throw new ApiError('discount_code_taken', { details: [{ path: 'code', message: DISCOUNT_CODE_MESSAGES.codeTaken }] });
    }
    throw err;
  }
}

export async function updateDiscountCode(deps: Deps, id: number, input: DiscountCodeEdit, actor: Actor): Promise<DiscountCodeItem> {
  const [before] = await deps.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!before) throw discountCodeNotFound();
  const belowUses = () => new ApiError('validation_failed', { details: [{ path: 'maxUses', message: DISCOUNT_CODE_MESSAGES.maxUsesBelowUses(before.uses) }] });
  if (input.maxUses !== null && input.maxUses < before.uses) throw belowUses();
  await checkRetreats(deps, input.retreatIds);
  const values = { retreatIds: input.retreatIds, validFrom: input.validFrom, validUntil: input.validUntil, maxUses: input.maxUses, note: input.note };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(values)) {
    const old = before[key as keyof typeof before] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = { from: old, to: value };
  }
  try {
    const [result] = await deps.db.batch([
      deps.db
        .update(discountCodes)
        .set({ ...values, version: sql`${discountCodes.version} + 1`, updatedAt: deps.now().toISOString() })
        .where(and(eq(discountCodes.id, id), eq(discountCodes.version, input.version))),
      auditOf(deps, actor, 'discount_code.update', String(id), { changes }),
    ]);
    if (result.rowsAffected === 0) throw new ApiError('discount_code_changed');
  } catch (err) {
    // A booking used the code between the read and the write, past the new maximum.
    if (failedWith(err, /CHECK constraint failed: discount_codes_uses_within_max/)) throw belowUses();
    throw err;
  }
  return getDiscountCode(deps, id);
}

/** Ends a code: no booking takes it from now on; the bookings that used it keep their discount. */
export async function endDiscountCode(deps: Deps, id: number, input: { version: number }, actor: Actor): Promise<DiscountCodeItem> {
  const stamp = deps.now().toISOString();
  const [result] = await deps.db.batch([
    deps.db
      .update(discountCodes)
      .set({ endedAt: stamp, version: sql`${discountCodes.version} + 1`, updatedAt: stamp })
      .where(and(eq(discountCodes.id, id), eq(discountCodes.version, input.version), isNull(discountCodes.endedAt))),
    auditOf(deps, actor, 'discount_code.end', String(id), {}),
  ]);
  if (result.rowsAffected === 0) {
    const [row] = await deps.db.select({ endedAt: discountCodes.endedAt }).from(discountCodes).where(eq(discountCodes.id, id));
    if (!row) throw discountCodeNotFound();
    throw new ApiError(row.endedAt ? 'discount_code_ended' : 'discount_code_changed');
  }
  return getDiscountCode(deps, id);
}
