import { NO_TIRE_PRESSURE_TARGETS, type MaintenanceItem, type TirePressureTargets } from '@pitwall/contracts';
import { NO_CAR_GEOMETRY, type ActiveCar, type CarDetails, type CornerWeightsValue, type GearRatioValue, type SetupKey, type SetupSheetValue, type SetupTargetsValue, type SuspensionValue, type TirePressureValue } from '@pitwall/domain';
import { GEOMETRY_SUBJECT, geometryOfFlat, TIRE_TEMPERATURE_TARGETS_SUBJECT } from './entries.ts';
import type { Position, Sql } from '@pitwall/eventstore';

/**
 * A car's record as it stood at a moment, read from the history read model (setup_history holds
 * the COMPLETE new value of every subject at every change): for each subject the latest value at or
 * before the moment. One indexed query, whatever the length of the car's history (the
 * as-of of a car with 10,000 changes does not fold its stream).
 */
export type SetupRecord = Pick<
  ActiveCar,
  'details' | 'tuningFileUrl' | 'maintenance' | 'gearRatios' | 'suspensions' | 'tirePressures' | 'tirePressureTargets' | 'cornerWeights' | 'setupSheets' | 'setupTargets' | 'geometry'
> & {
  /** The position and time of the last change of the record at or before the moment. */
  position: Position;
  at: string;
};

/** Where to stop: the end of the history, a position, or an instant (changes recorded at or before it). */
export type RecordBound = { latest: true } | { position: Position } | { instant: Date };

interface Row {
  section: string;
  subject: string;
  value: Record<string, unknown> | null;
  positionCommit: string | number;
  id: string | number;
  at: Date | string;
}

const setupKeyOf = (subject: string): SetupKey => (subject === 'baseline' ? 'baseline' : Number(subject));

/**
 * The car's record at `bound`, or null when the car had no recorded change by then. Caller checks
 * tenancy. Rows of gear ratios and tire pressures carry id 0 (history keeps values, not row ids).
 */
export async function findSetupRecord(sql: Sql, carId: number, bound: RecordBound): Promise<SetupRecord | null> {
  const position = 'position' in bound ? bound.position : null;
  const { rows } = await sql.query<Row>(
    `SELECT DISTINCT ON (section, subject) section, subject, value, position_commit AS "positionCommit", id, at
       FROM setup_history
      WHERE car_id = $1 AND section IN ('basic', 'maintenance', 'gear-ratios', 'suspension', 'tire-pressures', 'tire-pressure-targets', 'corner-weights', 'setup-sheet', 'setup-targets')
        AND ($2::timestamptz IS NULL OR at <= $2::timestamptz)
        AND ($3::bigint IS NULL OR (position_commit, id) <= ($3::bigint, $4::bigint))
      ORDER BY section, subject, position_commit DESC, id DESC`,
    [carId, 'instant' in bound ? bound.instant.toISOString() : null, position?.commit.toString() ?? null, position?.prepare.toString() ?? null],
  );
  const details = rows.find((r) => r.section === 'basic' && r.subject === 'details');
  if (!details) return null;
  const last = rows.reduce((a, b) => (BigInt(b.positionCommit) > BigInt(a.positionCommit) || (BigInt(b.positionCommit) === BigInt(a.positionCommit) && BigInt(b.id) > BigInt(a.id)) ? b : a));
  const record: SetupRecord = {
    position: { commit: BigInt(last.positionCommit), prepare: BigInt(last.id) },
    at: new Date(last.at).toISOString(),
    details: details.value as unknown as CarDetails,
    tuningFileUrl: null,
    maintenance: {},
    gearRatios: new Map(),
    suspensions: new Map(),
    tirePressures: new Map(),
    tirePressureTargets: NO_TIRE_PRESSURE_TARGETS,
    cornerWeights: new Map(),
    setupSheets: new Map(),
    setupTargets: { crossPercent: null, frontPercent: null },
    geometry: NO_CAR_GEOMETRY,
  };
  for (const row of rows) {
    const value = row.value;
    if (value === null) continue;
    switch (row.section) {
      case 'basic':
        if (row.subject === 'tuning') record.tuningFileUrl = (value.tuningFileUrl as string | null) ?? null;
        if (row.subject === GEOMETRY_SUBJECT) record.geometry = geometryOfFlat(value);
        break;
      case 'maintenance':
        record.maintenance[row.subject as MaintenanceItem] = (value[row.subject] as string | null) ?? null;
        break;
      case 'gear-ratios':
        record.gearRatios.set(setupKeyOf(row.subject), (value.rows as Omit<GearRatioValue, 'id'>[]).map((r) => ({ id: 0, ...r })));
        break;
      case 'suspension':
        record.suspensions.set(setupKeyOf(row.subject), { suspensionId: 0, values: value as unknown as SuspensionValue });
        break;
      case 'corner-weights':
        record.cornerWeights.set(setupKeyOf(row.subject), value as unknown as CornerWeightsValue);
        break;
      case 'setup-sheet':
        record.setupSheets.set(setupKeyOf(row.subject), value as unknown as SetupSheetValue);
        break;
      case 'setup-targets':
        if (row.subject !== TIRE_TEMPERATURE_TARGETS_SUBJECT) record.setupTargets = value as unknown as SetupTargetsValue;
        break;
      case 'tire-pressure-targets':
        record.tirePressureTargets = value as unknown as TirePressureTargets;
        break;
      case 'tire-pressures':
        record.tirePressures.set(setupKeyOf(row.subject), { rows: (value.rows as Omit<TirePressureValue, 'id'>[]).map((r) => ({ id: 0, ...r })), notes: (value.notes as string | null) ?? null });
        break;
    }
  }
  return record;
}

/** The position of the last change of race event `raceEventId`'s own setup (gear ratios, suspension, tire pressures, corner weights, setup sheet), or null. */
export async function lastOwnSetupChange(sql: Sql, carId: number, raceEventId: number): Promise<Position | null> {
  const { rows } = await sql.query<{ positionCommit: string | number; id: string | number }>(
    `SELECT position_commit AS "positionCommit", id FROM setup_history
      WHERE car_id = $1 AND race_event_id = $2 AND section IN ('gear-ratios', 'suspension', 'tire-pressures', 'corner-weights', 'setup-sheet')
      ORDER BY position_commit DESC, id DESC LIMIT 1`,
    [carId, raceEventId],
  );
  return rows[0] ? { commit: BigInt(rows[0].positionCommit), prepare: BigInt(rows[0].id) } : null;
}
