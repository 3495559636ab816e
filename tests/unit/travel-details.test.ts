import { describe, expect, it } from 'vitest';
import {
  addMonths,
  healthDataErasedOn,
  isTravelDetailsComplete,
  missingTravelFields,
  passportWarning,
  savedTravellerText,
  travelDetailsDueOn,
  travelDetailsReminderOn,
  TRAVEL_DETAILS_MESSAGES as M,
} from '../../src/lib/travel-details';
import { travelDetailsSchema } from '../../src/lib/travel-details-schema';
import { COMPLETE_TRAVEL_DETAILS } from '../helpers/travel-details-fixtures';

/** The travel-details rules of the guest portal (issue "Guest portal"), from content/settings/site.json. */

describe('addMonths', () => {
  it.each([
    ['2026-01-24', 6, '2026-07-24'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('passportWarning', () => {
  it('warns when the passport runs out before 6 months after the last day, not on or after it', () => {
    expect(passportWarning('2026-07-23', '2026-01-24')).toContain('vähemalt 24.07.2026');
    expect(passportWarning('2026-07-24', '2026-01-24')).toBeNull();
    expect(passportWarning(null, '2026-01-24')).toBeNull();
    expect(passportWarning('2026-02-01', null)).toBeNull();
  });
});

describe('deadlines', () => {
  it('due 30 days before the start, the reminder 7 days before that, health data kept 30 days after the end', () => {
    expect(travelDetailsDueOn('2026-01-14')).toBe('2025-12-15');
    expect(travelDetailsReminderOn('2026-01-14')).toBe('2025-12-08');
    expect(healthDataErasedOn('2026-01-24')).toBe('2026-02-23');
    expect(travelDetailsDueOn(null)).toBeNull();
  });
});

describe('completeness', () => {
  const full = COMPLETE_TRAVEL_DETAILS;
  it('needs identity, passport and an emergency contact; dietary and health are optional', () => {
    expect(isTravelDetailsComplete(full)).toBe(true);
    expect(missingTravelFields({ ...full, emergencyPhone: null })).toEqual(['emergencyPhone']);
    expect(missingTravelFields(null)).toHaveLength(7);
  });
});

describe('travelDetailsSchema', () => {
  const schema = travelDetailsSchema('2026-11-25');
  it('stores empty as null and normalises what people type', () => {
    const parsed = schema.parse({ passportNumber: ' k 123-4567 ', emergencyName: '  Õie   Tamm ', nationality: '', dietary: ' Vegan\r\n' });
    expect(parsed).toMatchObject({ passportNumber: 'K1234567', emergencyName: 'Õie Tamm', nationality: null, dietary: 'Vegan', dateOfBirth: null });
  });
  it('refuses a day that is not real, a birthday after today and a passport expired by today', () => {
    const issues = (input: object) => Object.fromEntries(schema.safeParse(input).error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(issues({ dateOfBirth: '1990-02-30' })).toEqual({ dateOfBirth: M.dateInvalid });
    expect(issues({ dateOfBirth: '2026-11-26' })).toEqual({ dateOfBirth: M.birthInFuture });
    expect(schema.safeParse({ dateOfBirth: '2026-11-25' }).success).toBe(true);
    expect(issues({ passportExpiry: '2026-11-25' })).toEqual({ passportExpiry: M.passportExpired });
    expect(issues({ emergencyPhone: '12' })).toEqual({ emergencyPhone: M.phoneInvalid });
  });
});

describe('what a guest is told after saving a traveller', () => {
  const person = { name: 'Mari Tamm', complete: true, missing: [], passportWarning: null };
  it('says all is there only when nothing is missing and nothing must be done', () => {
    expect(savedTravellerText(person)).toBe('Mari Tamm: kõik vajalik on olemas.');
    expect(savedTravellerText({ ...person, passportWarning: 'Pass peab kehtima …' })).toBe('Mari Tamm: andmed on täidetud, kuid pass tuleb enne reisi uuendada.');
    expect(savedTravellerText({ ...person, complete: false, missing: ['passportNumber', 'nationality'] })).toBe('Mari Tamm: puudu veel 2.');
  });
});
