/**
 * The back office's gift vouchers ("Kinkekaardid", issue 38): issuing one (an unguessable code, three years by
 * default), the list with each one's balance, uses and last day, one voucher with its payments, its printable PDF
 * and the accountant's export of vouchers sold, used and open. Issuing is no sale of the retreat (a multi-purpose
 * voucher): no invoice; each use is a payment on a booking (../domain/vouchers/redeem.ts).
 */
import { and, asc, count, desc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import settings from '../../content/settings/site.json';
import { formatDate, tallinnDay } from '../../src/lib/format';
import {
  GIFT_VOUCHER_MESSAGES,
  GIFT_VOUCHER_STATE_LABELS,
  GIFT_VOUCHER_VALID_YEARS,
  VOUCHER_ALPHABET,
  giftVoucherState,
  normalizeVoucherCode,
  type GiftVoucherCreate,
  type GiftVoucherDetail,
  type GiftVoucherItem,
  type GiftVoucherListResponse,
} from '../../src/lib/gift-vouchers';
import type { PageRequest } from '../db/paging';
import { containsSql, pageWindow } from '../db/paging';
import { giftVouchers, payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { auditIfChanged } from '../domain/audit';
import { giftVoucherNotFound } from '../domain/not-found';
import { VOUCHER_BALANCE_SQL } from '../domain/vouchers/balance';
import { csvEuros, csvStream } from './exports';
import { failedWith } from '../db/failures';

type Deps = Pick<AppDeps, 'db' | 'now'>;


/** 16 characters of Crockford's base32 from the platform's CSPRNG (80 bits): not to be guessed, even by trying. */
export function newVoucherCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const plain = [...bytes].map((b) => VOUCHER_ALPHABET[b & 31]).join('');
  return normalizeVoucherCode(plain)!;
}

const STANDING_USES = sql<number>`(SELECT count(*) FROM payments AS u WHERE u.gift_voucher_id = "gift_vouchers"."id" AND u.amount_cents > 0
  AND NOT EXISTS (SELECT 1 FROM payments AS r WHERE r.reverses_payment_id = u.id))`;

const columns = {
  id: giftVouchers.id,
  code: giftVouchers.code,
  amountCents: giftVouchers.amountCents,
  balanceCents: sql<number>`${VOUCHER_BALANCE_SQL('"gift_vouchers"')}`,
  uses: STANDING_USES,
  recipientName: giftVouchers.recipientName,
  buyerName: giftVouchers.buyerName,
  buyerEmail: giftVouchers.buyerEmail,
  validUntil: giftVouchers.validUntil,
  note: giftVouchers.note,
  createdAt: giftVouchers.createdAt,
};

type Row = Omit<GiftVoucherItem, 'state'>;
const itemOf = (r: Row, today: string): GiftVoucherItem => {
  const item = { ...r, balanceCents: Number(r.balanceCents), uses: Number(r.uses) };
  return { ...item, state: giftVoucherState(item, today) };
};

export async function listGiftVouchers(deps: Deps, query: PageRequest & { q?: string }): Promise<GiftVoucherListResponse> {
  const { db } = deps;
  const where = query.q
    ? or(containsSql(giftVouchers.code, query.q.toUpperCase()), containsSql(giftVouchers.recipientName, query.q), containsSql(giftVouchers.buyerName, query.q), containsSql(giftVouchers.note, query.q))
    : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [matching]] = await db.batch([
    db.select(columns).from(giftVouchers).where(where).orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(giftVouchers).where(where),
  ]);
  const today = tallinnDay(deps.now());
  return { items: rows.map((r) => itemOf(r, today)), total: Number(matching?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getGiftVoucher(deps: Deps, id: number): Promise<GiftVoucherDetail> {
  const { db } = deps;
  const [[row], redemptions] = await db.batch([
    db.select(columns).from(giftVouchers).where(eq(giftVouchers.id, id)),
    db
      .select({
        paymentId: payments.id,
        bookingId: payments.bookingId,
        amountCents: payments.amountCents,
        receivedOn: payments.receivedOn,
        // Qualified by hand: inside the subquery an unqualified "id" would be the reversal's own.
        reversed: sql<number>`EXISTS (SELECT 1 FROM payments AS r WHERE r.reverses_payment_id = "payments"."id")`,
      })
      .from(payments)
      .where(and(eq(payments.giftVoucherId, id), sql`${payments.amountCents} > 0`))
      .orderBy(asc(payments.id)),
  ]);
  if (!row) throw giftVoucherNotFound();
  return { ...itemOf(row, tallinnDay(deps.now())), redemptions: redemptions.map((r) => ({ ...r, reversed: Boolean(r.reversed) })) };
}

export async function createGiftVoucher(deps: Deps, input: GiftVoucherCreate, actor: Actor): Promise<GiftVoucherDetail> {
  const today = tallinnDay(deps.now());
  if (input.validUntil !== null && input.validUntil < today) {
    throw new ApiError('validation_failed', { details: [{ path: 'validUntil', message: GIFT_VOUCHER_MESSAGES.validUntilPast }] });
  }
  const validUntil = input.validUntil ?? addYears(today, GIFT_VOUCHER_VALID_YEARS);
  const stamp = deps.now().toISOString();
  const values = { amountCents: input.amount, recipientName: input.recipientName, buyerName: input.buyerName, buyerEmail: input.buyerEmail, validUntil, note: input.note };
  // The code is random: a collision with an existing one (2^-80 a pair) is met with a new code, once.
  for (let attempt = 0; ; attempt++) {
    try {
      const [[created]] = await deps.db.batch([
        deps.db.insert(giftVouchers).values({ ...values, code: newVoucherCode(), createdBy: actor.userId, createdAt: stamp }).returning({ id: giftVouchers.id }),
        auditIfChanged(deps, { actor, action: 'gift_voucher.create', severity: 'medium', resourceType: 'gift_voucher', resourceId: sql`last_insert_rowid()`, metadata: { amountCents: values.amountCents, validUntil } }),
      ]);
      return getGiftVoucher(deps, created!.id);
    } catch (err) {
      if (attempt === 0 && failedWith(err, /UNIQUE constraint failed: gift_vouchers\.code/)) continue;
      throw err;
    }
  }
}

/** The same day `years` later; 29 February becomes 28 February. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  // Past the month's end (29 February in a common year): its last day instead.
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** The voucher's printable A4 page. */
export async function giftVoucherPdf(deps: Deps & Pick<AppDeps, 'invoicePdf'>, id: number): Promise<{ file: Uint8Array<ArrayBuffer>; name: string }> {
  const v = await getGiftVoucher(deps, id);
  const { renderGiftVoucherPdf } = await deps.invoicePdf();
  const file = await renderGiftVoucherPdf({
    code: v.code,
    amountCents: v.amountCents,
    recipientName: v.recipientName,
    validUntil: v.validUntil,
    issuedOn: tallinnDay(new Date(v.createdAt)),
    seller: { name: settings.invoicing.seller.name, email: settings.invoicing.seller.email },
  });
  return { file, name: `kinkekaart-${v.code}.pdf` };
}

export const GIFT_VOUCHERS_CSV_HEADER = ['Kood', 'Väljastatud', 'Saaja', 'Ostja', 'Summa (€)', 'Kasutatud perioodil (€)', 'Kasutatud kokku (€)', 'Jääk perioodi lõpus (€)', 'Kehtib kuni', 'Olek'];

/**
 * The accountant's vouchers for a period (issue 38): every voucher issued by its end, with what was sold in it (issued
 * in the period), used in it and in all, and what was open at its end. A voucher is a multi-purpose voucher: its sale
 * is no revenue of the retreat, its use is a payment on a booking.
 */
export function giftVouchersCsv({ db }: Pick<AppDeps, 'db'>, period: { from?: string; to?: string }): ReadableStream<Uint8Array> {
  const from = period.from ?? '0000-01-01';
  const to = period.to ?? '9999-12-31';
  const used = (since: string) =>
    sql<number>`(SELECT coalesce(sum(p.amount_cents), 0) FROM payments AS p WHERE p.gift_voucher_id = "gift_vouchers"."id" AND p.received_on >= ${since} AND p.received_on <= ${to})`;
  return csvStream(GIFT_VOUCHERS_CSV_HEADER, async (offset) => {
    const rows = await db
      .select({
        code: giftVouchers.code,
        createdAt: giftVouchers.createdAt,
        recipientName: giftVouchers.recipientName,
        buyerName: giftVouchers.buyerName,
        amountCents: giftVouchers.amountCents,
        usedInPeriod: used(from),
        usedByEnd: used('0000-01-01'),
        validUntil: giftVouchers.validUntil,
      })
      .from(giftVouchers)
      .where(and(isNotNull(giftVouchers.id), lte(sql`substr(${giftVouchers.createdAt}, 1, 10)`, to)))
      .orderBy(asc(giftVouchers.createdAt), asc(giftVouchers.id))
      .limit(500)
      .offset(offset);
    return rows.map((r) => {
      const balance = r.amountCents - Number(r.usedByEnd);
      return [
        r.code,
        formatDate(r.createdAt),
        r.recipientName,
        r.buyerName ?? '',
        csvEuros(r.amountCents),
        csvEuros(Number(r.usedInPeriod)),
        csvEuros(Number(r.usedByEnd)),
        csvEuros(balance),
        formatDate(r.validUntil),
        GIFT_VOUCHER_STATE_LABELS[giftVoucherState({ balanceCents: balance, validUntil: r.validUntil }, to)],
      ];
    });
  });
}
