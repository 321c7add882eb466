import type { SetupSheet } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { blankSetupSheet, effectiveFields, nestSetupSheet, SETUP_SHEET_FIELDS, type SetupSheetValue } from '@pitwall/domain';
import { defineProjection } from '../define-projection.ts';

const setupKeyText = (carId: number, raceEventId: number | null) => `${carId}/${raceEventId ?? 'baseline'}`;

/**
 * setup_sheets: one row per car and setup (`key` = '{carId}/baseline' or '{carId}/{raceEventId}';
 * race_event_id null = baseline), `sheet` the flat sheet by path (a race event's row: its own
 * fields, null = inherited). Units as in the domain's setup-sheet.ts.
 */
export const setupSheetsProjection = defineProjection({
  name: 'setup_sheets',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS setup_sheets (
      key text PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      sheet jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS setup_sheets_car_idx ON setup_sheets (car_id);`,
  tables: { setup_sheets: 'key' },
  on: {
    SetupSheetSet: ({ data: { carId, raceEventId, values } }, { setup_sheets }) =>
      setup_sheets.write({ key: setupKeyText(carId, raceEventId), car_id: carId, race_event_id: raceEventId, sheet: values }),
  },
});

async function storedSheet(sql: Sql, carId: number, raceEventId: number | null): Promise<SetupSheetValue | null> {
  const { rows } = await sql.query<{ sheet: SetupSheetValue }>(`SELECT sheet FROM setup_sheets WHERE key = $1`, [setupKeyText(carId, raceEventId)]);
  return rows[0]?.sheet ?? null;
}

/**
 * A sheet as answered: nested by path (every key present), with the names (paths) of the fields that are
 * the race event's own (the baseline: every field with a value).
 */
export function setupSheetAnswer(effective: { values: SetupSheetValue; ownFields: string[] } | null): Omit<SetupSheet, 'carId' | 'eventId'> {
  return { ...(nestSetupSheet(effective?.values ?? blankSetupSheet()) as Omit<SetupSheet, 'carId' | 'eventId' | 'ownFields'>), ownFields: effective?.ownFields ?? [] };
}

/**
 * The setup sheet of a car's baseline (`raceEventId` null) or the EFFECTIVE sheet of one race event
 * (per field its own value, else the baseline's). Every field null when none was saved. Caller checks tenancy.
 */
export async function findSetupSheet(sql: Sql, carId: number, raceEventId: number | null): Promise<SetupSheet> {
  const baseline = await storedSheet(sql, carId, null);
  const own = raceEventId === null ? baseline : await storedSheet(sql, carId, raceEventId);
  const effective = effectiveFields(SETUP_SHEET_FIELDS, blankSetupSheet(), raceEventId === null ? null : baseline, own);
  return { carId, eventId: raceEventId, ...setupSheetAnswer(effective) };
}
