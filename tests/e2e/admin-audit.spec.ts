import { createClient } from '@libsql/client';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin } from './accounts';
import { serverNow } from './clock';

/**
 * The audit trail screen and the dashboard's critical events (issue "Back office III") in Chromium against the real
 * Node host, API and database. The records are this file's own: written by an admin of its own (a booking edit
 * through the API, with old and new values) and a critical event in the server's database, found through the user
 * filter so other tests' records do not matter.
 */

// Every test here loads at least one admin screen (its own chunk) and most run axe: slow on two shared cores.
test.describe.configure({ timeout: 90_000 });

async function criticalEventFor(email: string) {
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    await db.execute({
      sql: `INSERT INTO audit_logs (user_id, action, severity, metadata, ip, user_agent, created_at)
            SELECT id, 'excessive_login_attempts', 'critical', '{"loginsLast24h":11}', '198.51.100.7', 'Ründaja/1.0', ? FROM users WHERE email = ?`,
      args: [serverNow().toISOString(), email],
    });
  } finally {
    db.close();
  }
}

const admin = fileAdmin(`audit${Math.random().toString(36).slice(2, 8)}`, async (_request, _baseURL, email) => {
  await criticalEventFor(email);
});

async function openTrail(page: Page, query: string) {
  await page.goto(`/admin/audit${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Auditilogi' })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

test('the dashboard highlights the critical event and leads to it in the trail', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Kriitilised sündmused (7 päeva)' });
  await expect(section).toContainText('Liiga palju sisselogimisi');
  await expect(section).toContainText(admin.email);
  await section.getByRole('link', { name: 'Vaata auditilogis' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?severity=critical/);
  await expect(page.locator('[data-critical]').first()).toBeVisible();
});

test('filters by user and severity (the select by keyboard) and shows a record\'s details', async ({ page, consoleErrors }) => {
  // Two full page loads, five filtered fetches and an axe run: over 30 s when the whole suite shares two cores.
  test.slow();
  void consoleErrors;
  await openTrail(page, '');
  await page.getByRole('searchbox', { name: 'Kasutaja' }).fill(admin.email);
  await expect(page).toHaveURL(/user=/);
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Liiga palju sisselogimisi' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Sisselogimine' }).first()).toBeVisible();

  const severity = page.getByRole('button', { name: /Tõsidus/ });
  await severity.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Kriitiline' }).press('Enter');
  await expect(page).toHaveURL(/severity=critical/);
  await expect(rows).toHaveCount(2); // header + the one critical record

  await page.getByRole('button', { name: /Vaata kirjet: Liiga palju sisselogimisi/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Auditikirje' });
  await expect(dialog).toContainText('198.51.100.7');
  await expect(dialog).toContainText('Ründaja/1.0');
  await expect(dialog).toContainText('Sisselogimisi 24 tunni jooksul');
  await expect(dialog).not.toContainText('loginsLast24h');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A range that ended yesterday (the server's) holds none of today's records.
  const yesterday = new Date(serverNow().getTime() - 86_400_000).toISOString().slice(0, 10);
  await openTrail(page, `?user=${encodeURIComponent(admin.email)}&to=${yesterday}`);
  await expect(page.getByText('Filtritele vastavaid kirjeid ei leitud')).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the audit trail at ${width} px`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width, height: 900 });
    await openTrail(page, `?user=${encodeURIComponent(admin.email)}`);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
