import type { RacePlanInput } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import type { Projection } from '../projection.ts';
import { RowChanges } from '../row-changes.ts';

/**
 * race_plans: the race plan of a race event, its inputs as last set (RacePlanSet holds the complete
 * value). The answers (laps, stints, fuel, warnings) are computed with planRace when read, so a
 * change of the planner needs no rebuild.
 */
export const racePlansProjection: Projection = {
  name: 'race_plans',
  version: 1,
  tables: ['race_plans'],
  ddl: `
    CREATE TABLE IF NOT EXISTS race_plans (
      race_event_id integer PRIMARY KEY,
      car_id integer NOT NULL,
      plan jsonb NOT NULL
    );`,
  canHandle: ['RacePlanSet'],
  project(events) {
    const plans = new RowChanges({ table: 'race_plans', key: 'race_event_id' });
    for (const event of events) {
      if (event.type === 'RacePlanSet') plans.write({ race_event_id: event.data.raceEventId, car_id: event.data.carId, plan: event.data.plan });
    }
    return plans.statements();
  },
};

/** The inputs of the race plan of race event `raceEventId` of car `carId`; null when none was set. Caller checks tenancy of the car. */
export async function findRacePlan(sql: Sql, carId: number, raceEventId: number): Promise<RacePlanInput | null> {
  const { rows } = await sql.query<{ plan: RacePlanInput }>(`SELECT plan FROM race_plans WHERE car_id = $1 AND race_event_id = $2`, [carId, raceEventId]);
  return rows[0]?.plan ?? null;
}
