/**
 * The company's own bank accounts (issue 36): the seller's IBAN that invoices print, and any others the settings
 * name. Only their statements' money in is matched to bookings automatically; a statement of another account (a
 * private account, a partner's, a file uploaded by mistake) is imported and waits for a person.
 */
import settings from '../../../content/settings/site.json';
import { compactAccount } from './statement';

const COMPANY_ACCOUNTS: ReadonlySet<string> = new Set(
  [settings.invoicing.seller.iban, ...settings.invoicing.otherAccounts].map((account) => compactAccount(account)!),
);

/** Whether a statement of this account pays bookings; a statement that names no account is not known to be ours. */
export function isCompanyAccount(account: string | null): boolean {
  return account !== null && COMPANY_ACCOUNTS.has(account);
}
