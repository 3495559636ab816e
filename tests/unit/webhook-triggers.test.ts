/**
 * Migration 0038's webhook triggers decide a booking's state in SQL that cannot import the lifecycle's: this reads
 * the migration and checks that every state they name is states.ts's STATE_CASE word for word (a new state, or a
 * changed rule, fails here before the events could disagree with the screens).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATE_CASE } from '../../worker/domain/bookings/states';

const migration = readFileSync(join(import.meta.dirname, '../../migrations/0038_webhooks.sql'), 'utf8');

describe("the webhook triggers' booking state", () => {
  it('is the lifecycle’s, for the view and for the changed row before and after', () => {
    const cases = migration.match(/\(CASE WHEN \w+\.status[^)]*END\)/g) ?? [];
    // Every state the triggers name is one of these (none written another way).
    expect(cases.length).toBe(migration.match(/\.status\b/g)!.length / 2);
    for (const found of cases) {
      const alias = found.match(/WHEN (\w+)\.status/)![1]!;
      expect(found).toBe(STATE_CASE(alias));
    }
    expect(new Set(cases.map((c) => c.match(/WHEN (\w+)\.status/)![1]))).toEqual(new Set(['b', 'new', 'old']));
  });
});
