import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditValueText } from '../../src/lib/admin/audit-details';
import { CHANGED, ERASED_AUDIT_FIELDS, PERSONAL_AUDIT_FIELDS, WITHHELD, withoutPersonalValues } from '../../src/lib/audit-personal-data';
import type { TravelDetails } from '../../src/lib/travel-details';
import { bookingTravellers, customers, guests } from '../../worker/db/schema';

/**
 * The audit trail's rule on personal values (issue 37, docs/decisions/033-audit-personal-data.md): its walk, its list
 * of fields against the tables that hold people (a new column must be classified, or this fails), and its words.
 */

describe('withoutPersonalValues', () => {
  it('a change list: personal fields as changed, the rest as they were', () => {
    expect(
      withoutPersonalValues({
        bookingId: 3,
        changes: { firstName: { from: 'Mari', to: 'Mari-Liis' }, dateOfBirth: { from: null, to: '1977-07-07' }, emergencyContact: { from: null, to: { name: 'Õnne', phone: '+372', relationship: 'vend' } } },
      }),
    ).toEqual({ bookingId: 3, changes: { firstName: { from: 'Mari', to: 'Mari-Liis' }, dateOfBirth: CHANGED, emergencyContact: CHANGED } });
  });

  it('snapshots and nested values: withheld wherever they are, arrays included; empty values stay empty', () => {
    expect(
      withoutPersonalValues({
        created: { firstName: 'Kadri', phoneNumber: '+37257776655', comments: null, balancePaid: false },
        changes: { companions: { from: [{ first_name: 'Jaan', age: 41 }], to: [{ first_name: 'Jaan', age: 41, custom_price_cents: 500 }] } },
        deleted: { companions: [{ first_name: 'Jaan', age: 41, date_of_birth: '1984-03-03' }], special_requests: '' },
      }),
    ).toEqual({
      created: { firstName: 'Kadri', phoneNumber: WITHHELD, comments: null, balancePaid: false },
      changes: { companions: { from: [{ first_name: 'Jaan', age: WITHHELD }], to: [{ first_name: 'Jaan', age: WITHHELD, custom_price_cents: 500 }] } },
      deleted: { companions: [{ first_name: 'Jaan', age: WITHHELD, date_of_birth: WITHHELD }], special_requests: WITHHELD },
    });
  });

  it('is idempotent, leaves metadata without personal fields alone, and keeps what is not plain data', () => {
    const once = withoutPersonalValues({ changes: { phone: { from: '1', to: '2' } }, created: { phone: '3' } });
    expect(withoutPersonalValues(once)).toEqual(once);
    const plain = { position: 0, fields: ['dateOfBirth', 'nationality'], success: true, amountCents: 100 };
    expect(withoutPersonalValues(plain)).toEqual(plain);
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(withoutPersonalValues({ at, nested: null })).toEqual({ at, nested: null });
    expect(withoutPersonalValues(null)).toBeNull();
  });

  it('account deletion adds the names, the address and the reason', () => {
    expect(withoutPersonalValues({ changes: { email: { from: 'a@example.com', to: 'b@example.com' } }, reason: 'Murdsin jala', deleted: { last_name: 'Kask' } }, ERASED_AUDIT_FIELDS)).toEqual({
      changes: { email: CHANGED },
      reason: WITHHELD,
      deleted: { last_name: WITHHELD },
    });
  });
});

describe('the fields', () => {
  /** The columns of the tables that hold people which the audit trail may show: names, addresses, flags and times. */
  const KEPT = {
    guests: ['id', 'firstName', 'lastName', 'email', 'marketingConsent', 'isCompanion', 'companionOfGuestId', 'erasedAt', 'createdAt', 'updatedAt'],
    customers: ['id', 'firstName', 'lastName', 'email', 'createdAt', 'updatedAt'],
    bookingTravellers: ['bookingId', 'position', 'healthErasedAt', 'complete', 'updatedBy', 'updatedAt'],
  };

  it.each([
    ['guests', guests],
    ['customers', customers],
    ['bookingTravellers', bookingTravellers],
  ] as const)('every column of %s is kept or personal, under both of its names', (table, columns) => {
    for (const [key, column] of Object.entries(getTableColumns(columns))) {
      if (KEPT[table].includes(key)) continue;
      expect(PERSONAL_AUDIT_FIELDS, `${table}.${key}: personal (add it to PERSONAL_AUDIT_FIELDS) or kept (add it to KEPT here)`).toContain(key);
      expect(PERSONAL_AUDIT_FIELDS, `${table}.${key} as SQL names it`).toContain(column.name);
    }
  });

  it('every travel detail is personal', () => {
    const fields: Record<keyof TravelDetails, true> = {
      dateOfBirth: true,
      nationality: true,
      passportNumber: true,
      passportExpiry: true,
      emergencyName: true,
      emergencyPhone: true,
      emergencyRelationship: true,
      dietary: true,
      foodAllergies: true,
      healthConditions: true,
      healthMedications: true,
      healthAllergies: true,
      arrivalFlight: true,
      arrivalAt: true,
      departureFlight: true,
      departureAt: true,
      pickupNeeded: true,
    };
    for (const field of Object.keys(fields)) expect(PERSONAL_AUDIT_FIELDS).toContain(field);
  });
});

describe('in words on the audit screen', () => {
  it('says a value was not kept, and names a sheet', () => {
    expect(auditValueText('phoneNumber', WITHHELD)).toBe('väärtust ei salvestata');
    expect(auditValueText('phoneNumber', CHANGED)).toBe('muudetud (väärtust ei salvestata)');
    expect(auditValueText('companions', [{ first_name: 'Jaan', age: WITHHELD }])).toBe('Eesnimi: Jaan, Vanus: väärtust ei salvestata');
    expect(auditValueText('sheet', 'manifest')).toBe('Osalejad');
  });
});
