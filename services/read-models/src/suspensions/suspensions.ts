import type { Suspension } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { effectiveSuspension, SUSPENSION_FIELDS, type SuspensionValue } from '@pitwall/domain';
import { defineProjection } from '../define-projection.ts';

const FIELDS = SUSPENSION_FIELDS;
const column = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** suspensions (docs/product.md, 'Data model'): one row per car and setup (race_event_id null = baseline); all values text. */
export const suspensionsProjection = defineProjection({
  name: 'suspensions',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS suspensions (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      ${FIELDS.map((f) => `${column(f)} text`).join(',\n      ')}
    );
    CREATE UNIQUE INDEX IF NOT EXISTS suspensions_car_key ON suspensions (car_id, coalesce(race_event_id, 0));`,
  tables: { suspensions: 'id' },
  on: {
    SuspensionSet({ data: { carId, raceEventId, suspensionId, values } }, { suspensions }) {
      suspensions.write({ id: suspensionId, car_id: carId, race_event_id: raceEventId, ...Object.fromEntries(FIELDS.map((f) => [column(f), values[f]])) });
    },
  },
});

type StoredSuspension = Omit<Suspension, 'ownFields'>;

async function storedSuspension(sql: Sql, carId: number, raceEventId: number | null): Promise<StoredSuspension | null> {
  const { rows } = await sql.query<StoredSuspension>(
    `SELECT id, car_id AS "carId", race_event_id AS "eventId", ${FIELDS.map((f) => `${column(f)} AS "${f}"`).join(', ')}
       FROM suspensions WHERE car_id = $1 AND race_event_id IS NOT DISTINCT FROM $2`,
    [carId, raceEventId],
  );
  return rows[0] ?? null;
}

const valuesOf = (s: StoredSuspension | null): SuspensionValue | null => (s ? (Object.fromEntries(FIELDS.map((f) => [f, s[f]])) as unknown as SuspensionValue) : null);

/**
 * The suspension of a car's baseline (`raceEventId` null; `ownFields` = every field with a value) or
 * the EFFECTIVE suspension of one race event: per field its own value, else the baseline's, with
 * `ownFields` naming its own (setup-inheritance.ts). Null when neither was saved. Its `id` is the
 * race event's own row when there is one, else the baseline's. Caller checks tenancy.
 */
export async function findSuspension(sql: Sql, carId: number, raceEventId: number | null): Promise<Suspension | null> {
  const baseline = await storedSuspension(sql, carId, null);
  const own = raceEventId === null ? baseline : await storedSuspension(sql, carId, raceEventId);
  const effective = effectiveSuspension(raceEventId === null ? null : valuesOf(baseline), valuesOf(own));
  const row = own ?? baseline;
  if (!effective || !row) return null;
  return { id: row.id, carId, eventId: raceEventId, ...effective.values, ownFields: effective.ownFields };
}
