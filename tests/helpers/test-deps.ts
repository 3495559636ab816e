import { clockFromEnv, configFromEnv } from '../../worker/config';
import { nodePasswordHasher } from '../../worker/hosts/passwords-node';
import type { AppDeps } from '../../worker/deps';
import type { MailTransport, OutgoingMail } from '../../worker/domain/mail/transport';
import { createTestDb } from './test-db';
import { TEST_CLOCK_START } from './test-clock';

/** A transport that records what it was given; tests swap `deliver` to make it fail or hang. */
export function recordingTransport() {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { sent: OutgoingMail[]; deliver: (mail: OutgoingMail) => Promise<'sent'> } = {
    name: 'sendgrid',
    sent,
    deliver: async (mail) => {
      sent.push(mail);
      return 'sent';
    },
    send(mail) {
      return transport.deliver(mail);
    },
  };
  return transport;
}

/**
 * Real deps over a fresh migrated libSQL file; `logs` collects every structured log line for assertions.
 * `ownOrigin` is the site's address as the Node host would configure it (SITE_URL unset): links and the CSRF check
 * use it; tests serving over HTTP pass the origin their server got.
 */
export async function createTestDeps(overrides: Partial<AppDeps['config']> = {}, ownOrigin = 'http://localhost:4321') {
  const { client, db, url, cleanup } = await createTestDb();
  const logs: Record<string, unknown>[] = [];
  const background: Promise<unknown>[] = [];
  const deps: AppDeps = {
    db,
    sql: client,
    config: {
      ...configFromEnv({}, { environment: 'test', adminSetupToken: 'test-setup-token', authSecret: 'test-auth-secret-0123456789abcdef', ownOrigin }),
      ...overrides,
    },
    mail: recordingTransport(),
    passwords: nodePasswordHasher,
    invoicePdf: () => import('../../worker/domain/invoices/pdf'),
    sheetsPdf: () => import('../../worker/domain/retreats/sheets/pdf'),
    invoiceUbl: () => import('../../worker/domain/invoices/ubl'),
    openApi: () => import('../../worker/http/openapi'),
    // The test servers' clock (./test-clock): every edition of the content file still takes requests.
    now: clockFromEnv({ TEST_CLOCK_START }),
    clientIp: () => '127.0.0.1',
    log: (entry) => logs.push(entry),
    waitUntil: (work) => background.push(work),
  };
  return { deps, logs, background, cleanup, url };
}
