import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '@pitwall/eventstore';
import { listCars } from '@pitwall/read-models';

/**
 * The baseline server of sections 3 and 4: bare Fastify (no plugins, no session, no schema
 * validation or serialiser) with a plain `pg.Pool` (unprepared queries) on the same schema, or
 * the same PGlite instance as the app (a data dir opens once). Its routes run the same SELECTs
 * as Pitwall's read side; the CRUD route updates the rows in place and reads them back.
 */
export interface BareServer {
  url: string;
  close(): Promise<void>;
}

/** The SELECT behind GET /api/cars/{id}/gear-ratios (listGearRatios), verbatim. */
const GEAR_RATIOS_SQL = `SELECT id, car_id AS "carId", race_event_id AS "eventId", name, ratio, speed_at_max_rpm AS "speedAtMaxRpm", notes
       FROM gear_ratios WHERE car_id = $1 AND race_event_id IS NOT DISTINCT FROM $2 ORDER BY position`;

const UPDATE_GEARS_SQL = `UPDATE gear_ratios g SET name = r.name, ratio = r.ratio, speed_at_max_rpm = r."speedAtMaxRpm", notes = r.notes
  FROM jsonb_to_recordset($2::jsonb) AS r(position integer, name text, ratio text, "speedAtMaxRpm" text, notes text)
  WHERE g.car_id = $1 AND g.race_event_id IS NULL AND g.position = r.position`;

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/** Starts the bare server on loopback: on a new pg.Pool at `databaseUrl`, else on `shared` (PGlite). */
export async function startBareServer(options: { databaseUrl?: string; shared: Database; userId: number }): Promise<BareServer> {
  const pool = options.databaseUrl ? new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) : null;
  const query: Query = pool ? (text, params) => pool.query(text, params) : (text, params) => options.shared.query(text, params);
  // listCars' SQL, taken from the read model itself so it stays the same SELECT.
  let carsSql = '';
  await listCars({ query: async (text: string) => ((carsSql = text), { rows: [], rowCount: 0 }), exec: async () => {} }, options.userId);

  const app: FastifyInstance = Fastify({ logger: false });
  app.get<{ Params: { carId: string } }>('/bare/cars/:carId/gear-ratios', async (request) => (await query(GEAR_RATIOS_SQL, [Number(request.params.carId), null])).rows);
  app.get('/bare/cars', async () => (await query(carsSql, [String(options.userId)])).rows);
  app.put<{ Params: { carId: string }; Body: { name: string; ratio: string; speedAtMaxRpm: string | null; notes: string | null }[] }>('/bare/cars/:carId/gear-ratios', async (request) => {
    const carId = Number(request.params.carId);
    await query(UPDATE_GEARS_SQL, [carId, JSON.stringify(request.body.map((r, position) => ({ ...r, position })))]);
    return (await query(GEAR_RATIOS_SQL, [carId, null])).rows;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await pool?.end();
    },
  };
}
