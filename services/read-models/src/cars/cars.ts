import type { Car } from '@pitwall/contracts';
import { MAINTENANCE_ITEMS } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { carStream, type CarDetails } from '@pitwall/domain';
import { inUserTeams } from '../scope.ts';
import { streamNameSql } from '../stream-revisions/stream-revisions.ts';
import { defineProjection } from '../define-projection.ts';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const MAINTENANCE_COLUMNS = Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, snake(i.field)])) as Record<(typeof MAINTENANCE_ITEMS)[number]['field'], string>;

/** The columns of a car's basic data. */
const detailColumns = (d: CarDetails) => ({
  name: d.name, make_model: d.makeModel, year: d.year, engine: d.engine, transmission: d.transmission,
  weight: d.weight, power: d.power, color: d.color, car_class: d.carClass,
});

/**
 * cars: basic data, tuning link, the six maintenance dates as 'YYYY-MM-DD' text, and the
 * geometry (wheelbase mm, motion ratio per axle, unsprung mass per corner kg; null = not given).
 */
export const carsProjection = defineProjection({
  name: 'cars',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS cars (
      id integer PRIMARY KEY,
      team_id integer NOT NULL,
      name text NOT NULL,
      make_model text NOT NULL,
      year integer NOT NULL,
      engine text, transmission text, weight text, power text,
      color text NOT NULL,
      car_class text NOT NULL,
      tuning_file_url text,
      ${Object.values(MAINTENANCE_COLUMNS).map((c) => `${c} text`).join(', ')},
      wheelbase_mm double precision, motion_ratio_front double precision, motion_ratio_rear double precision,
      unsprung_fl_kg double precision, unsprung_fr_kg double precision, unsprung_rl_kg double precision, unsprung_rr_kg double precision,
      tank_litres double precision,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS cars_team_idx ON cars (team_id);`,
  tables: { cars: 'id' },
  on: {
    CarCreated({ data: { carId, teamId, details, createdAt } }, { cars }) {
      cars.write({ id: carId, team_id: teamId, ...detailColumns(details), created_at: createdAt });
    },
    CarDetailsUpdated: ({ data: d }, { cars }) => cars.patch(d.carId, detailColumns(d.details)),
    TuningLinkSet: ({ data: d }, { cars }) => cars.patch(d.carId, { tuning_file_url: d.tuningFileUrl }),
    MaintenanceRecorded: ({ data: d }, { cars }) => cars.patch(d.carId, { [MAINTENANCE_COLUMNS[d.item]]: d.date }),
    CarGeometrySet({ data: d }, { cars }) {
      const { wheelbaseMm, motionRatio, unsprungKg: u } = d.geometry;
      cars.patch(d.carId, {
        wheelbase_mm: wheelbaseMm, motion_ratio_front: motionRatio.front, motion_ratio_rear: motionRatio.rear,
        unsprung_fl_kg: u.fl, unsprung_fr_kg: u.fr, unsprung_rl_kg: u.rl, unsprung_rr_kg: u.rr,
      });
    },
    CarTankCapacitySet: ({ data: d }, { cars }) => cars.patch(d.carId, { tank_litres: d.tankLitres }),
  },
});

const CAR_COLUMNS = `c.id, c.team_id AS "teamId", t.name AS "teamName", c.name, c.make_model AS "makeModel", c.year,
  c.engine, c.transmission, c.weight, c.power, c.color, c.car_class AS "carClass", c.tuning_file_url AS "tuningFileUrl",
  ${Object.entries(MAINTENANCE_COLUMNS).map(([field, col]) => `c.${col} AS "${field}"`).join(', ')},
  c.wheelbase_mm AS "wheelbaseMm", json_build_object('front', c.motion_ratio_front, 'rear', c.motion_ratio_rear) AS "motionRatio",
  json_build_object('fl', c.unsprung_fl_kg, 'fr', c.unsprung_fr_kg, 'rl', c.unsprung_rl_kg, 'rr', c.unsprung_rr_kg) AS "unsprungKg",
  c.tank_litres AS "tankLitres", c.created_at AS "createdAt"`;

type CarRow = Omit<Car, 'createdAt'> & { createdAt: Date | string };
const toCar = (row: CarRow): Car => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

/**
 * Cars of every team where `userId` is an active member, oldest first, and the revision of each
 * car's stream as the read models reflect it, by stream name (the list's ETag), from the
 * same statement.
 */
export async function listCars(sql: Sql, userId: number): Promise<{ cars: Car[]; revisions: Map<string, number> }> {
  const { rows } = await sql.query<CarRow & { streamRevision: number | null }>(
    `SELECT ${CAR_COLUMNS}, r.revision AS "streamRevision" FROM cars c JOIN teams t ON t.id = c.team_id
       LEFT JOIN stream_revisions r ON r.stream_name = ${streamNameSql(carStream, 'c.id')}
      WHERE ${inUserTeams('c.team_id', '$1')} ORDER BY c.id`,
    [String(userId)],
  );
  const revisions = new Map(rows.filter((r) => r.streamRevision !== null).map((r) => [carStream(r.id), Number(r.streamRevision)]));
  return { cars: rows.map(({ streamRevision: _revision, ...row }) => toCar(row)), revisions };
}

/** One car if it belongs to a team of `userId`; null otherwise (answer 404, never 403: existence is not revealed). */
export async function findCar(sql: Sql, userId: number, carId: number): Promise<Car | null> {
  const { rows } = await sql.query<CarRow>(
    `SELECT ${CAR_COLUMNS} FROM cars c JOIN teams t ON t.id = c.team_id WHERE c.id = $2 AND ${inUserTeams('c.team_id', '$1')}`,
    [String(userId), carId],
  );
  return rows[0] ? toCar(rows[0]) : null;
}
