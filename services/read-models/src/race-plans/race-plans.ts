import type { RacePlanInput } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/**
 * race_plans: the race plan of a race event, its inputs as last set (RacePlanSet holds the complete
 * value). The answers (laps, stints, fuel, warnings) are computed with planRace when read, so a
 * change of the planner needs no rebuild. Version 2: plans gained `stintSplit` (RacePlanSet v2; a
 * v1 plan reads as 'even'), so rows projected before it are projected again from the upcast events.
 */
export const racePlansProjection = defineProjection({
  name: 'race_plans',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS race_plans (
      race_event_id integer PRIMARY KEY,
      car_id integer NOT NULL,
      plan jsonb NOT NULL
    );`,
  tables: { race_plans: 'race_event_id' },
  on: {
    RacePlanSet: ({ data: d }, { race_plans }) => race_plans.write({ race_event_id: d.raceEventId, car_id: d.carId, plan: d.plan }),
  },
});

/** The inputs of the race plan of race event `raceEventId` of car `carId`; null when none was set. Caller checks tenancy of the car. */
export async function findRacePlan(sql: Sql, carId: number, raceEventId: number): Promise<RacePlanInput | null> {
  const { rows } = await sql.query<{ plan: RacePlanInput }>(`SELECT plan FROM race_plans WHERE car_id = $1 AND race_event_id = $2`, [carId, raceEventId]);
  return rows[0]?.plan ?? null;
}
