import type { Page } from '@playwright/test';
import { expect, openFormIsland, test } from './fixtures';

/** The contact form island on /kontakt (visitor spec sections 2, 4, 5 and 8; issue 4), against the real API. */

const openForm = (page: Page) => openFormIsland(page, '/kontakt', 'Kontaktivorm', 'Saada sõnum');

test.describe('contact form', () => {
  test('sends the message: "Sõnum saadetud!" toast and cleared fields', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const form = await openForm(page);
    await form.getByLabel('Nimi').fill('Mari Tamm');
    await form.getByLabel('E-post').fill(' Mari.Tamm@Example.com');
    await form.getByLabel('Teema').fill('Küsimus toitlustuse kohta');
    await form.getByLabel('Sõnum').fill('Kas taimetoitu pakutakse? <b>Aitäh</b>');

    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Saada sõnum' }).click();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ messageId: expect.anything() });
    expect(response.request().postDataJSON()).toMatchObject({
      name: 'Mari Tamm',
      email: 'mari.tamm@example.com',
      subject: 'Küsimus toitlustuse kohta',
      message: 'Kas taimetoitu pakutakse? bAitäh/b',
      website: '',
    });

    const status = page.getByRole('status');
    await expect(status).toContainText('Sõnum saadetud!');
    await expect(status).toContainText('Vastame Teile võimalikult kiiresti.');
    for (const label of ['Nimi', 'E-post', 'Teema', 'Sõnum']) await expect(form.getByLabel(label)).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Saada sõnum' })).toBeEnabled();
  });

  test('missing required fields: messages under them, focus on the first, nothing sent', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const form = await openForm(page);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) sent++;
    });
    await form.getByLabel('Teema').fill('Ainult teema');
    await form.getByRole('button', { name: 'Saada sõnum' }).click();

    await expect(page.getByRole('alert')).toContainText('Viga vormis');
    const name = form.getByLabel('Nimi');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(form.getByLabel('E-post')).toHaveAccessibleDescription('Email is required');
    await expect(form.getByLabel('Sõnum')).toHaveAccessibleDescription('Sõnum on kohustuslik');
    await expect(form.getByLabel('Teema')).not.toHaveAttribute('aria-invalid');

    await name.fill('Mari Tamm');
    await form.getByLabel('E-post').fill('vale-aadress');
    await form.getByRole('button', { name: 'Saada sõnum' }).click();
    await expect(form.getByLabel('E-post')).toBeFocused();
    await expect(form.getByLabel('E-post')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(sent).toBe(0);
  });

  test('server failure: destructive toast with the server message, values kept', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const form = await openForm(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'Liiga palju päringuid. Palun proovige mõne minuti pärast uuesti.' } }),
      }),
    );
    await form.getByLabel('Nimi').fill('Mari Tamm');
    await form.getByLabel('E-post').fill('mari@example.com');
    await form.getByLabel('Sõnum').fill('Tere!');
    await form.getByRole('button', { name: 'Saada sõnum' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sõnumi saatmine ebaõnnestus');
    await expect(alert).toContainText('Liiga palju päringuid');
    await expect(form.getByLabel('Sõnum')).toHaveValue('Tere!');
    // The fixture fails a test on any 4xx answer; this one was made on purpose.
    const index = consoleErrors.findIndex((e) => /^429 http:\/\/[^/]+\/api\/contact$/.test(e));
    expect(index).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(index, 1);
  });
});
