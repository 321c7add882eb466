import { cornerWeightFigures, type CornerWeights, type CrossDiagonal, type SetupTargets } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { blankCornerWeights, CORNER_WEIGHTS_FIELDS, effectiveFields, type CornerWeightsValue } from '@pitwall/domain';
import { defineProjection } from '../define-projection.ts';

const column = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const setupKeyText = (carId: number, raceEventId: number | null) => `${carId}/${raceEventId ?? 'baseline'}`;

/**
 * corner_weights: one row per car and setup (`key` = '{carId}/baseline' or '{carId}/{raceEventId}';
 * race_event_id null = baseline), a race event's row holding its own fields (null = inherited); kg and
 * litres. setup_targets: one row per car (`id` = the car's id), target cross and front weight, %.
 */
export const cornerWeightsProjection = defineProjection({
  name: 'corner_weights',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS corner_weights (
      key text PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      fl double precision, fr double precision, rl double precision, rr double precision,
      driver_in boolean, driver_kg double precision, fuel_litres double precision, ballast_kg double precision,
      ballast_position text, notes text
    );
    CREATE INDEX IF NOT EXISTS corner_weights_car_idx ON corner_weights (car_id);
    CREATE TABLE IF NOT EXISTS setup_targets (
      id integer PRIMARY KEY,
      cross_percent double precision,
      front_percent double precision
    );`,
  tables: { corner_weights: 'key', setup_targets: 'id' },
  on: {
    CornerWeightsSet({ data: { carId, raceEventId, values } }, { corner_weights }) {
      corner_weights.write({ key: setupKeyText(carId, raceEventId), car_id: carId, race_event_id: raceEventId, ...Object.fromEntries(CORNER_WEIGHTS_FIELDS.map((f) => [column(f), values[f]])) });
    },
    SetupTargetsSet: ({ data: { carId, targets: t } }, { setup_targets }) => setup_targets.write({ id: carId, cross_percent: t.crossPercent, front_percent: t.frontPercent }),
  },
});

async function storedCornerWeights(sql: Sql, carId: number, raceEventId: number | null): Promise<CornerWeightsValue | null> {
  const { rows } = await sql.query<CornerWeightsValue>(
    `SELECT ${CORNER_WEIGHTS_FIELDS.map((f) => `${column(f)} AS "${f}"`).join(', ')} FROM corner_weights WHERE key = $1`,
    [setupKeyText(carId, raceEventId)],
  );
  return rows[0] ?? null;
}

/**
 * Corner weights as answered: the values with what follows from them (null when a corner is
 * missing; the cross weight on `diagonal`) and the race event's own fields.
 */
export function cornerWeightsWithFigures(values: CornerWeightsValue, ownFields: CornerWeights['ownFields'], diagonal: CrossDiagonal): Omit<CornerWeights, 'carId' | 'eventId'> {
  const figures = cornerWeightFigures(values, diagonal);
  return {
    ...values,
    derived: figures && { totalKg: figures.totalKg, frontPercent: figures.frontPercent, leftPercent: figures.leftPercent, crossPercent: figures.crossPercent, wedgeKg: figures.wedgeKg, diagonal },
    ownFields,
  };
}

/**
 * The corner weights of a car's baseline (`raceEventId` null; `ownFields` = every field with a
 * value) or the EFFECTIVE corner weights of one race event (per field its own value, else the
 * baseline's). Every field null and no `derived` when none were saved. Caller checks tenancy.
 */
export async function findCornerWeights(sql: Sql, carId: number, raceEventId: number | null, diagonal: CrossDiagonal): Promise<CornerWeights> {
  const baseline = await storedCornerWeights(sql, carId, null);
  const own = raceEventId === null ? baseline : await storedCornerWeights(sql, carId, raceEventId);
  const effective = effectiveFields(CORNER_WEIGHTS_FIELDS, blankCornerWeights(), raceEventId === null ? null : baseline, own) ?? { values: blankCornerWeights(), ownFields: [] };
  return { carId, eventId: raceEventId, ...cornerWeightsWithFigures(effective.values, effective.ownFields, diagonal) };
}

/** The diagonal the team of car `carId` takes its cross weight on ('lf-rr' until it chose, or when the car is unknown). */
export async function findCrossDiagonalOfCar(sql: Sql, carId: number): Promise<CrossDiagonal> {
  const { rows } = await sql.query<{ diagonal: CrossDiagonal }>(`SELECT t.cross_diagonal AS diagonal FROM cars c JOIN teams t ON t.id = c.team_id WHERE c.id = $1`, [carId]);
  return rows[0]?.diagonal ?? 'lf-rr';
}

/** The car's target cross and front weight, percent; both null when never set. Caller checks tenancy. */
export async function findSetupTargets(sql: Sql, carId: number): Promise<SetupTargets> {
  const { rows } = await sql.query<SetupTargets>(`SELECT cross_percent AS "crossPercent", front_percent AS "frontPercent" FROM setup_targets WHERE id = $1`, [carId]);
  return rows[0] ?? { crossPercent: null, frontPercent: null };
}
