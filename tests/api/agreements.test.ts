import { describe, expect, it } from 'vitest';
import { AGREEMENT_DOCUMENTS, versionInForce } from '../../src/lib/agreements';
import { tallinnDay } from '../../src/lib/format';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { agreementHashes, shownTextHash, validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';
import { queueAgreementReminders } from '../../worker/domain/agreements/reminders';

/**
 * Issue 42: every traveller accepts the terms and the waiver, with evidence. The texts in force and their SHA-256;
 * the booker signs in the booking form for themself and, as parent or guardian, for a minor; the evidence holds the
 * text's hash as the client showed it (computed here by a library of the test's own), the typed name, the time, the
 * address and the browser; a text that changed under the signer is refused with nothing stored; the evidence is
 * never changed or deleted; it is part of the guest's data export and an erasure takes only the address and browser.
 */
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });
const today = () => tallinnDay(f.clock.now);

async function edition() {
  return (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { id: number; edition: string };
}

const post = (body: unknown) => f.app.post('/api/bookings', body, { 'User-Agent': 'Testilehitseja/1.0' });

const JAAN = { firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30', age: '' };
const LIISA_MINOR = { firstName: 'Liisa', lastName: 'Tamm', birthday: '2011-02-01', age: '' };
const KAI = { firstName: 'Kai', lastName: 'Tamm', birthday: '1987-03-03', age: '' };

/** Mari's request for herself and her companions through the form, with the texts' hashes as the form sends them. */
async function party(e: { edition: string }, companions: (typeof JAAN)[], extra: Record<string, unknown> = {}) {
  const res = await post(
    validBooking({ retreatMonth: e.edition, travelWith: 'with-companions', companions, agreements: agreementHashes(today()), ...extra } as Parameters<
      typeof validBooking
    >[0]),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await readJson(res)).bookingId as number;
}

describe('the texts in force', () => {
  it('are served with their version and the SHA-256 of the exact text', async () => {
    const body = await readJson(await fetch(`${f.app.origin}/api/agreement-text`));
    for (const kind of ['terms', 'waiver'] as const) {
      const inForce = versionInForce(kind, today());
      expect(body[kind]).toEqual({ version: inForce.version, text: inForce.text, sha256: shownTextHash(inForce.text) });
    }
    expect(body.waiver.text).toContain('Nõusolek esmaabiks');
  });
});

describe('signing in the booking form', () => {
  it('stores the booker’s acceptance of both texts, a guardian’s for a minor companion, and awaits the adult companion', async () => {
    const e = await edition();
    const shown = agreementHashes(today());
    const bookingId = await party(e, [JAAN, LIISA_MINOR], { firstName: 'Mari', lastName: 'Tamm' });
    const rows = await f.app.rows(
      `SELECT guest_id, kind, version, text_sha256, signed_name, signed_by, method, ip, user_agent, signed_at FROM agreement_acceptances WHERE booking_id = ${bookingId} ORDER BY id`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({
        signed_name: 'Mari Tamm',
        method: 'booking_form',
        ip: '127.0.0.1',
        user_agent: 'Testilehitseja/1.0',
        signed_at: f.clock.now.toISOString(),
      });
      expect(row.text_sha256).toBe(shown[row.kind as 'terms' | 'waiver']);
      expect(row.version).toBe(versionInForce(row.kind as 'terms', today()).version);
    }
    expect(rows.map((r) => r.signed_by)).toEqual(['self', 'self', 'guardian', 'guardian']);

    const { travellers } = await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`);
    expect(travellers.map((t: { name: string; minor: boolean }) => [t.name, t.minor])).toEqual([
      ['Mari Tamm', false],
      ['Jaan Tamm', false],
      ['Liisa Tamm', true],
    ]);
    expect(travellers[0].terms).toMatchObject({
      signedAt: f.clock.now.toISOString(),
      version: versionInForce('terms', today()).version,
      textSha256: shown.terms,
      signedBy: 'self',
    });
    expect(travellers[0].waiver).toMatchObject({ textSha256: shown.waiver, method: 'booking_form' });
    expect(travellers[1]).toMatchObject({ terms: null, waiver: null });
    expect(travellers[2].waiver).toMatchObject({ signedName: 'Mari Tamm', signedBy: 'guardian' });
    expect((await f.ok('GET', `/api/admin/bookings/${bookingId}`)).booking.termsVersion).toBe(versionInForce('terms', today()).version);
  });

  it('refuses a text that changed under the signer with 409, storing nothing', async () => {
    const e = await edition();
    for (const changed of [{ terms: 'a'.repeat(64) }, { waiver: 'b'.repeat(64) }]) {
      const res = await post(validBooking({ retreatMonth: e.edition, agreements: { ...agreementHashes(today()), ...changed } }));
      expect(res.status).toBe(409);
      expect((await readJson(res)).error.code).toBe('agreement_text_changed');
    }
    expect(await f.app.count('bookings')).toBe(0);
    expect(await f.app.count('agreement_acceptances')).toBe(0);
    expect(await f.app.count('guests')).toBe(0);
  });

  it('asks for the waiver and for the texts’ hashes, each refused with its field', async () => {
    const e = await edition();
    const { waiverAccepted: _w, ...withoutWaiver } = validBooking({ retreatMonth: e.edition });
    const noWaiver = await post(withoutWaiver);
    expect(noWaiver.status).toBe(422);
    expect((await readJson(noWaiver)).error.details).toContainEqual({ path: 'waiverAccepted', message: 'Palun kinnitage osaleja deklaratsioon.' });
    const { agreements: _a, ...withoutHashes } = validBooking({ retreatMonth: e.edition });
    const noHashes = await post(withoutHashes);
    expect(noHashes.status).toBe(422);
    expect((await readJson(noHashes)).error.details).toContainEqual({
      path: 'agreements',
      message: 'Lehe versioon on vananenud. Laadige leht uuesti.',
    });
    expect(await f.app.count('bookings')).toBe(0);
  });
});

describe('the evidence', () => {
  it('is never changed or deleted; only its address and browser may be cleared', async () => {
    const e = await edition();
    const { bookingId } = await readJson(await post(validBooking({ retreatMonth: e.edition, agreements: agreementHashes(today()) })));
    const sql = f.app.deps.sql;
    for (const statement of [
      `UPDATE agreement_acceptances SET signed_name = 'Keegi Teine' WHERE booking_id = ${bookingId}`,
      `UPDATE agreement_acceptances SET text_sha256 = '${'c'.repeat(64)}' WHERE booking_id = ${bookingId}`,
      `UPDATE agreement_acceptances SET signed_at = '2020-01-01T00:00:00.000Z' WHERE booking_id = ${bookingId}`,
      `UPDATE agreement_acceptances SET ip = '10.0.0.1' WHERE booking_id = ${bookingId}`,
      `DELETE FROM agreement_acceptances WHERE booking_id = ${bookingId}`,
    ]) {
      await expect(sql.execute(statement), statement).rejects.toThrow(/agreement acceptances are evidence/);
    }
    await sql.execute(`UPDATE agreement_acceptances SET ip = NULL, user_agent = NULL WHERE booking_id = ${bookingId}`);
    expect(await f.app.rows(`SELECT ip, user_agent, signed_name FROM agreement_acceptances WHERE booking_id = ${bookingId}`)).toEqual([
      { ip: null, user_agent: null, signed_name: 'Mari Tamm' },
      { ip: null, user_agent: null, signed_name: 'Mari Tamm' },
    ]);
  });
});

describe('a companion signs through their own link', () => {
  async function partyOfThree() {
    const bookingId = await party(await edition(), [JAAN, LIISA_MINOR]);
    const { travellers } = await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`);
    return { bookingId, jaan: travellers[1].guestId as string, liisa: travellers[2].guestId as string };
  }
  const tokenOf = (text: string) => /\/allkirjasta#allkiri=([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const view = (token: string) =>
    fetch(`${f.app.origin}/api/agreements/view`, {
      method: 'POST',
      headers: { Origin: f.app.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  const sign = (body: Record<string, unknown>) => f.app.post('/api/agreements/sign', body, { 'User-Agent': 'Kaaslase telefon/2.0' });

  it('gets the link by e-mail, reads both texts, and signs each with their own name: evidence by link, audited', async () => {
    const stub = await f.sendGrid();
    const { bookingId, jaan } = await partyOfThree();
    const sent = await f.api('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: jaan, email: 'jaan@example.com' });
    expect(sent.status).toBe(201);
    expect(sent.body.link).toMatchObject({ email: 'sent' });
    const mail = stub.received.find((m) => m.body.personalizations[0]!.to[0]!.email === 'jaan@example.com')!;
    const text = mail.body.content.find((c) => c.type === 'text/plain')!.value;
    expect(text).toContain('Tere, Jaan Tamm!');
    const token = tokenOf(text);
    // Only the token's hash is kept, and the stored mail keeps no working link once sent.
    expect(JSON.stringify(await f.app.rows('SELECT token_hash FROM agreement_links'))).not.toContain(token);
    expect(JSON.stringify(await f.app.rows(`SELECT text FROM email_outbox WHERE kind = 'agreement_link'`))).not.toContain(token);

    const { signing } = await readJson(await view(token));
    expect(signing).toMatchObject({ bookingId, traveller: { name: 'Jaan Tamm' } });
    for (const kind of ['terms', 'waiver'] as const) {
      expect(signing.texts[kind]).toMatchObject({ version: versionInForce(kind, today()).version, signedAt: null });
      // The hash the page sends back is the one of the text it shows, as this test computes it.
      expect(signing.texts[kind].sha256).toBe(shownTextHash(signing.texts[kind].text));
    }
    const wrongName = await sign({ token, name: 'Keegi Teine', kind: 'terms', textSha256: signing.texts.terms.sha256 });
    expect(wrongName.status).toBe(422);
    expect((await readJson(wrongName)).error.details).toEqual([{ path: 'name', message: 'Sisestage oma täisnimi nii, nagu see on broneeringus.' }]);
    const changed = await sign({ token, name: 'Jaan Tamm', kind: 'terms', textSha256: 'd'.repeat(64) });
    expect(changed.status).toBe(409);
    expect((await readJson(changed)).error.code).toBe('agreement_text_changed');
    expect(await f.app.count('agreement_acceptances')).toBe(4);

    for (const kind of ['terms', 'waiver'] as const) {
      const res = await sign({ token, name: ' jaan  tamm ', kind, textSha256: signing.texts[kind].sha256 });
      expect(res.status).toBe(200);
      expect((await readJson(res)).signed).toEqual({ kind, version: signing.texts[kind].version, signedAt: f.clock.now.toISOString() });
    }
    // Signing again changes nothing.
    expect((await sign({ token, name: 'Jaan Tamm', kind: 'terms', textSha256: signing.texts.terms.sha256 })).status).toBe(200);
    expect(
      await f.app.rows(
        `SELECT kind, signed_name, signed_by, method, ip, user_agent FROM agreement_acceptances WHERE guest_id = '${jaan}' ORDER BY id`,
      ),
    ).toEqual([
      { kind: 'terms', signed_name: 'jaan tamm', signed_by: 'self', method: 'link', ip: '127.0.0.1', user_agent: 'Kaaslase telefon/2.0' },
      { kind: 'waiver', signed_name: 'jaan tamm', signed_by: 'self', method: 'link', ip: '127.0.0.1', user_agent: 'Kaaslase telefon/2.0' },
    ]);
    expect(
      await f.app.rows(`SELECT action, json_extract(metadata, '$.method') AS method FROM audit_logs WHERE action LIKE 'agreement.%' ORDER BY id`),
    ).toEqual([
      { action: 'agreement.sign', method: 'booking_form' },
      { action: 'agreement.link_sent', method: null },
      { action: 'agreement.sign', method: 'link' },
      { action: 'agreement.sign', method: 'link' },
    ]);
    const { travellers } = await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`);
    expect(travellers[1].waiver).toMatchObject({ method: 'link', signedBy: 'self', textSha256: signing.texts.waiver.sha256 });
    // Signed both: another link is not sent.
    expect(
      (await f.api('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: jaan, email: 'jaan@example.com' })).body.error.code,
    ).toBe('agreement_already_signed');
  });

  it('is not sent for a minor (the guardian signed) nor for someone not travelling; a wrong or expired link is refused', async () => {
    const { bookingId, jaan, liisa } = await partyOfThree();
    const minor = await f.api('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: liisa, email: 'liisa@example.com' });
    expect(minor.status).toBe(422);
    expect(minor.body.error.details).toEqual([{ path: 'guestId', message: 'Alaealise eest allkirjastab lapsevanem või eestkostja.' }]);
    const stranger = await f.api('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: 'võõras', email: 'x@example.com' });
    expect(stranger.status).toBe(422);
    const badEmail = await f.api('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: jaan, email: 'pole-aadress' });
    expect(badEmail.status).toBe(422);
    expect(await f.app.count('agreement_links')).toBe(0);

    expect((await view('a'.repeat(43))).status).toBe(404);
    await f.api('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: jaan, email: 'jaan@example.com' });
    // The mail as it went out (the stored copy keeps no working link once sent).
    const sent = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.find((m) => m.to === 'jaan@example.com')!;
    const token = tokenOf(sent.text);
    await f.clock.set(new Date(f.clock.now.getTime() + 31 * 86_400_000).toISOString());
    const expired = await view(token);
    expect(expired.status).toBe(409);
    expect((await readJson(expired)).error.code).toBe('agreement_link_expired');
  });
});

describe('the organiser’s overview', () => {
  it('counts, per edition on the dashboard, the travellers still to sign', async () => {
    const e = await edition();
    const bookingId = await party(e, [JAAN, LIISA_MINOR]);
    await f.confirm(bookingId);
    const toSign = async () => (await f.ok('GET', '/api/admin/dashboard')).upcomingRetreats.find((r: { id: number }) => r.id === e.id).toSign;
    // The booker and the minor (by the guardian) signed in the form; the adult companion has not.
    expect(await toSign()).toBe(1);
  });
});

describe('the reminders to sign', () => {
  it('go 30 and 14 days before the start, once each, to those who have not signed and can be reached; the booker hears of the rest', async () => {
    const bookingId = await party(await edition(), [JAAN, KAI], { email: 'broneerija@example.com' });
    await f.confirm(bookingId);
    const { travellers } = await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`);
    // Jaan's address is known from the link the organiser sent him; Kai's is not.
    await f.ok('POST', `/api/admin/bookings/${bookingId}/agreements/links`, { guestId: travellers[1].guestId, email: 'jaan@example.com' });
    const queued = async () =>
      (
        await f.app.rows(
          `SELECT kind, to_address FROM email_outbox WHERE booking_id = ${bookingId} AND kind IN ('agreement_link', 'agreement_reminder') ORDER BY id`,
        )
      ).map((r) => `${r.kind} ${r.to_address}`);
    expect(await queued()).toEqual(['agreement_link jaan@example.com']);

    // The day before the 30-day reminder (the edition starts 14.05.2027): nothing.
    await f.clock.set('2027-04-13T09:00:00.000Z');
    expect(await queueAgreementReminders(f.app.deps)).toBe(0);
    await f.clock.set('2027-04-14T09:00:00.000Z');
    expect(await queueAgreementReminders(f.app.deps)).toBe(1);
    expect(await queueAgreementReminders(f.app.deps)).toBe(0);
    expect((await queued()).sort()).toEqual([
      'agreement_link jaan@example.com',
      'agreement_link jaan@example.com',
      'agreement_reminder broneerija@example.com',
    ]);
    const [reminder] = await f.app.rows(`SELECT subject, text FROM email_outbox WHERE kind = 'agreement_reminder'`);
    expect(String(reminder!.subject)).toBe('Meeldetuletus: reisijate allkirjad on puudu – Uus algus retriit Balis');
    expect(String(reminder!.text)).toContain('allkirjastamata: Kai Tamm.');
    expect(String(reminder!.text)).not.toContain('Jaan Tamm');

    // Jaan signs through the reminder's fresh link (still in the outbox: the job queues, the dispatcher sends).
    const [fresh] = await f.app.rows(`SELECT subject, text FROM email_outbox WHERE kind = 'agreement_link' ORDER BY id DESC LIMIT 1`);
    expect(String(fresh!.subject)).toMatch(/^Meeldetuletus: palun allkirjastage/);
    const token = /#allkiri=([A-Za-z0-9_-]+)/.exec(String(fresh!.text))![1]!;
    for (const kind of ['terms', 'waiver'] as const) {
      const signed = await f.app.post('/api/agreements/sign', { token, name: 'Jaan Tamm', kind, textSha256: agreementHashes(today())[kind] });
      expect(signed.status).toBe(200);
    }
    // At 14 days only Kai is left: the booker is told again, Jaan gets nothing.
    await f.clock.set('2027-04-30T09:00:00.000Z');
    expect(await queueAgreementReminders(f.app.deps)).toBe(1);
    expect(await queueAgreementReminders(f.app.deps)).toBe(0);
    expect((await queued()).sort()).toEqual([
      'agreement_link jaan@example.com',
      'agreement_link jaan@example.com',
      'agreement_reminder broneerija@example.com',
      'agreement_reminder broneerija@example.com',
    ]);
  });
});

describe('signing in the portal', () => {
  it('lets the booker’s companion sign on the booker’s device, the booker sign for a minor, and send a link; only on their own booking', async () => {
    const e = await edition();
    const guest = await signedIn(f.app);
    const { id } = await f.request(
      e,
      { email: guest.email, travelWith: 'with-companions', companions: [JAAN, KAI, LIISA_MINOR], agreements: agreementHashes(today()) } as never,
      guest.b,
    );
    const mine = await readJson(await guest.b.get(`/api/me/bookings/${id}/agreements`));
    expect(mine.travellers.map((t: { name: string }) => t.name)).toEqual(['Mari Tamm', 'Jaan Tamm', 'Kai Tamm', 'Liisa Tamm']);
    // The booker's own evidence, without the address and browser it came from.
    expect(mine.travellers[0].terms).toMatchObject({ signedBy: 'self', method: 'booking_form', ip: null, userAgent: null });
    const jaan = mine.travellers[1].guestId as string;
    const texts = await readJson(await fetch(`${f.app.origin}/api/agreement-text`));

    const wrong = await guest.b.post(`/api/me/bookings/${id}/agreements/sign`, {
      guestId: jaan,
      name: 'Mari Tamm',
      kind: 'terms',
      textSha256: texts.terms.sha256,
    });
    expect(wrong.status).toBe(422);
    for (const kind of ['terms', 'waiver'] as const) {
      const signed = await guest.b.post(`/api/me/bookings/${id}/agreements/sign`, {
        guestId: jaan,
        name: 'Jaan Tamm',
        kind,
        textSha256: texts[kind].sha256,
      });
      expect(signed.status).toBe(200);
    }
    expect(await f.app.rows(`SELECT signed_name, signed_by, method FROM agreement_acceptances WHERE guest_id = '${jaan}' ORDER BY id`)).toEqual([
      { signed_name: 'Jaan Tamm', signed_by: 'self', method: 'portal' },
      { signed_name: 'Jaan Tamm', signed_by: 'self', method: 'portal' },
    ]);
    // For the minor the parent or guardian signs, with their own name (the form already did: nothing new is stored).
    const liisa = mine.travellers[3];
    expect(liisa).toMatchObject({ name: 'Liisa Tamm', minor: true, terms: { signedBy: 'guardian', signedName: 'Mari Tamm' } });
    const byHerself = await guest.b.post(`/api/me/bookings/${id}/agreements/sign`, {
      guestId: liisa.guestId,
      name: 'Liisa Tamm',
      kind: 'waiver',
      textSha256: texts.waiver.sha256,
    });
    expect(byHerself.status).toBe(422);
    const byGuardian = await guest.b.post(`/api/me/bookings/${id}/agreements/sign`, {
      guestId: liisa.guestId,
      name: 'Mari Tamm',
      kind: 'waiver',
      textSha256: texts.waiver.sha256,
    });
    expect(byGuardian.status).toBe(200);
    // Mari's two, Liisa's two (Mari as guardian, in the form), Jaan's two: nothing new.
    expect(await f.app.count('agreement_acceptances')).toBe(6);
    const link = await guest.b.post(`/api/me/bookings/${id}/agreements/links`, { guestId: mine.travellers[2].guestId, email: 'kai@example.com' });
    expect(link.status).toBe(201);
    expect(await f.app.rows(`SELECT email, created_by FROM agreement_links`)).toEqual([{ email: 'kai@example.com', created_by: guest.userId }]);

    // Someone else's booking is not theirs: 404, as for a booking that does not exist.
    const other = await signedIn(f.app);
    expect((await other.b.get(`/api/me/bookings/${id}/agreements`)).status).toBe(404);
    const stranger = await other.b.post(`/api/me/bookings/${id}/agreements/sign`, {
      guestId: jaan,
      name: 'Jaan Tamm',
      kind: 'terms',
      textSha256: texts.terms.sha256,
    });
    expect(stranger.status).toBe(404);
  });
});

describe('a new version of a text', () => {
  it('asks again: the status awaits it, a link shows it, and the old text’s hash is refused from its first day', async () => {
    const e = await edition();
    const bookingId = await party(e, [JAAN]);
    const { travellers } = await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`);
    expect(travellers[0].waiver).not.toBeNull();
    const oldHashes = agreementHashes(today());
    // The editors add a version in force from 1.01.2027 (content/agreements/waiver.json; here in the running app).
    const versions = AGREEMENT_DOCUMENTS.waiver.versions;
    const next = { version: '2027-01', effectiveFrom: '2027-01-01', text: `${versions.at(-1)!.text}\n## 5. Lisa\n\n5.1. Uus punkt.\n` };
    versions.push(next);
    try {
      // Before its day nothing changes.
      expect((await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`)).travellers[0].waiver).toMatchObject({ version: '2026-11' });
      await f.clock.set('2027-01-02T10:00:00.000Z');
      const now = (await f.ok('GET', `/api/admin/bookings/${bookingId}/agreements`)).travellers[0];
      expect(now.terms).not.toBeNull();
      expect(now.waiver).toBeNull();
      const texts = await readJson(await fetch(`${f.app.origin}/api/agreement-text`));
      expect(texts.waiver).toEqual({ version: '2027-01', text: next.text, sha256: shownTextHash(next.text) });
      // A form loaded before the change sends the old text's hash: refused, nothing stored.
      const before = await f.app.count('bookings');
      const stale = await post(validBooking({ retreatMonth: e.edition, agreements: oldHashes }));
      expect(stale.status).toBe(409);
      expect(await f.app.count('bookings')).toBe(before);
      // The new one is accepted as a new row beside the old.
      const fresh = await post(validBooking({ retreatMonth: e.edition, agreements: { terms: oldHashes.terms, waiver: shownTextHash(next.text) } }));
      expect(fresh.status).toBe(201);
      expect(await f.app.rows(`SELECT version FROM agreement_acceptances WHERE kind = 'waiver' ORDER BY id`)).toEqual([
        { version: '2026-11' },
        { version: '2027-01' },
      ]);
    } finally {
      versions.pop();
    }
  });
});
