/**
 * A stable key per bank transaction, so that importing the same statement twice, or two statements whose dates
 * overlap, books each payment once. The bank's archive id is the key when it gives one; without it, a hash of what
 * the transaction says. Keys are per statement file: identical transactions in one file are told apart by their
 * order (docs/decisions/020).
 */
import type { ParsedStatement, StatementFormat, StatementTransaction } from './statement';

/**
 * Whose archive ids these are: an archive id is unique within its bank only. A camt file from an Estonian account
 * gets its bank from the IBAN's bank code, so that the same bank's camt and CSV exports share their keys.
 */
export type BankFamily = 'swedbank' | 'seb' | 'lhv' | 'camt';

const EE_BANK_CODES: Record<string, BankFamily | undefined> = { '22': 'swedbank', '10': 'seb', '77': 'lhv' };

export function bankFamily(format: StatementFormat, account: string | null): BankFamily {
  switch (format) {
    case 'swedbank-csv':
      return 'swedbank';
    case 'seb-csv':
      return 'seb';
    case 'lhv-csv':
      return 'lhv';
    default:
      return EE_BANK_CODES[/^EE\d{2}(\d{2})/.exec(account ?? '')?.[1] ?? ''] ?? 'camt';
  }
}

/**
 * `arch:<family>:<archive id>`, else `sum:<SHA-256 hex>` of the booking day, direction, amount, currency, counterparty
 * account and name, reference and free text; the n-th (n ≥ 2) transaction in a file with the same key gets `#n`.
 */
export async function transactionKey(tx: StatementTransaction, family: BankFamily, occurrence = 1): Promise<string> {
  const key = tx.archiveId !== null ? `arch:${family}:${tx.archiveId}` : `sum:${await sha256Hex(contentOf(tx))}`;
  return withOccurrence(key, occurrence);
}

/**
 * The keys of a file's transactions, in order, with the occurrence counted within the file, across its accounts: a
 * key made before files could hold several accounts stays the same key (the checksum does not include the account).
 */
export async function transactionKeys(statement: ParsedStatement): Promise<string[]> {
  const seen = new Map<string, number>();
  const keys: string[] = [];
  for (const tx of statement.transactions) {
    const key = await transactionKey(tx, bankFamily(statement.format, tx.account));
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    keys.push(withOccurrence(key, occurrence));
  }
  return keys;
}

function withOccurrence(key: string, occurrence: number): string {
  return occurrence > 1 ? `${key}#${occurrence}` : key;
}

/** The fields as a JSON array, so no value can run into the next ("ab" + "c" is not "a" + "bc"). */
function contentOf(tx: StatementTransaction): string {
  return JSON.stringify([
    tx.bookedOn,
    tx.direction,
    tx.amountCents,
    tx.currency,
    tx.counterpartyAccount,
    tx.counterpartyName,
    tx.reference,
    tx.text,
  ]);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
