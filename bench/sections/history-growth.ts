import { randomUUID } from 'node:crypto';
import { carStream } from '@pitwall/domain';
import type { NewEvent } from '@pitwall/eventstore';
import { backendsFor, NO_POSTGRES, type BenchBackend } from '../lib/databases.ts';
import { startPitwallFixture, type PitwallFixture } from '../lib/pitwall-fixture.ts';
import { fmt, measured, skipped, type BenchResult } from '../lib/report.ts';
import { nowMs, percentile } from '../lib/timing.ts';

/**
 * Section 7: history growth. A car with 10, 1,000 and 10,000 earlier changes — a season's
 * mix written straight into its stream through the event store: suspension and tire pressure saves,
 * checklist items added, ticked, reopened and removed (about twenty live at a time) — then the p50
 * of a save through the API (PUT suspension and PATCH a checklist tick, alternating, one at a time,
 * each answered after the read models show it) and of GET …/setup?asOf= (the setup as it stood).
 * Baseline in the same run: the same figures for the car with 10 earlier changes, whose saves take
 * turns with the others'.
 */
export interface HistorySizes {
  histories: number[];
  iterations: number;
  warmup: number;
}

const HISTORY_FULL: HistorySizes = { histories: [10, 1_000, 10_000], iterations: 40, warmup: 5 };

const SAVE_TARGET = 1.3;
const AS_OF_TARGET_MS = 100;
const TITLE = 'History growth';

const metadata = (at: string) => ({ userId: null, teamId: null, correlationId: 'bench-history', causationId: null, at });

/** `count` events of a season's mix for car `carId`, stream positions after `from`. */
function seasonOfChanges(carId: number, count: number): NewEvent[] {
  const events: NewEvent[] = [];
  const live: number[] = [];
  let nextItem = 1_000_000;
  const at = new Date('2026-01-01T08:00:00.000Z').getTime();
  for (let i = 0; events.length < count; i++) {
    const when = new Date(at + i * 60_000).toISOString();
    const push = (type: string, data: unknown) => events.push({ id: randomUUID(), type, data, metadata: metadata(when) });
    switch (i % 6) {
      case 0:
        push('SuspensionSet', { carId, raceEventId: null, suspensionId: 900_000 + carId, values: { frontRideHeight: '120 mm', frontSpringRate: '170 N/mm', frontDamperSetting: '8/6', frontCamber: `-${(2 + (i % 10) / 10).toFixed(1)}°`, frontToe: '0.5 mm out', frontAntiRollBar: 'Medium', rearRideHeight: '125 mm', rearSpringRate: '150 N/mm', rearDamperSetting: '7/5', rearCamber: '-2.0°', rearToe: '1.0 mm in', rearAntiRollBar: 'Soft', notes: null } });
        break;
      case 1:
        push('TirePressuresSet', { carId, raceEventId: null, rows: [{ id: 900_000 + i, condition: 'Dry (Cold)', frontLeft: `${26 + (i % 4) / 2} psi`, frontRight: '26.0 psi', rearLeft: '25.5 psi', rearRight: '25.5 psi' }], notes: null });
        break;
      case 2:
      case 3:
        if (live.length >= 20) {
          push('ChecklistItemRemoved', { carId, itemId: live.shift()! });
        } else {
          const itemId = nextItem++;
          live.push(itemId);
          push('ChecklistItemAdded', { carId, itemId, title: `Check ${itemId}`, description: null, priority: 'medium' });
        }
        break;
      default:
        if (live.length > 0) push(i % 2 === 0 ? 'ChecklistItemCompleted' : 'ChecklistItemReopened', { carId, itemId: live[i % live.length]! });
    }
  }
  return events.slice(0, count);
}

/** Writes `count` earlier changes into the fixture's car stream and waits until the read models show them. */
async function growHistory(fixture: PitwallFixture, carId: number, count: number): Promise<void> {
  const { store, projection } = fixture.pitwall.deps;
  const stream = carStream(carId);
  const events = seasonOfChanges(carId, count);
  let revision = (await store.readStream(stream)).at(-1)!.streamPosition;
  for (let i = 0; i < events.length; i += 500) {
    const result = await store.appendToStream(stream, events.slice(i, i + 500), { expectedRevision: revision });
    revision = result.nextExpectedRevision;
    if (!(await projection.waitFor(result.position, 600_000))) throw new Error('the projector did not catch up with the bench history');
  }
}

interface Figures {
  saveP50: number;
  asOfP50: number;
}

async function call(fixture: PitwallFixture, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object): Promise<{ ms: number; body: unknown }> {
  const start = nowMs();
  const res = await fixture.pitwall.app.inject({ method, url, headers: { cookie: fixture.cookie }, ...(payload ? { payload } : {}) });
  const ms = nowMs() - start;
  if (res.statusCode >= 400) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return { ms, body: res.body ? (JSON.parse(res.body) as unknown) : null };
}

/** One save (PUT suspension or PATCH a checklist tick, by `i`) and one as-of read of the car; their times in ms. */
async function saveAndRead(fixture: PitwallFixture, carId: number, itemId: number, i: number): Promise<{ save: number; asOf: number }> {
  const save = i % 2 === 0
    ? await call(fixture, 'PUT', `/api/cars/${carId}/suspension`, { frontCamber: `-${(2.5 + (i % 5) / 10).toFixed(1)}°`, rearCamber: '-2.0°' })
    : await call(fixture, 'PATCH', `/api/cars/${carId}/checklist/${itemId}`, { isCompleted: i % 4 === 1 });
  const read = await call(fixture, 'GET', `/api/cars/${carId}/setup?asOf=${encodeURIComponent(new Date().toISOString())}`);
  return { save: save.ms, asOf: read.ms };
}

/**
 * The p50 of saves and of as-of reads on a car with each of `sizes.histories` earlier changes
 * (one app each, all open at once). The cars take turns, one save and read each per round and each
 * round starting with the next car, so drift during the run (the process's heap, the machine) and
 * the place in a round hit every history alike, as section 1's alternating rounds do.
 */
async function measureAll(backend: BenchBackend, sizes: HistorySizes): Promise<Map<number, Figures>> {
  const cars: { history: number; fixture: PitwallFixture; carId: number; itemId: number; saves: number[]; asOf: number[] }[] = [];
  try {
    for (const history of sizes.histories) {
      const fixture = await startPitwallFixture(backend, 1);
      const carId = fixture.carIds[0]!;
      cars.push({ history, fixture, carId, itemId: 0, saves: [], asOf: [] });
      await growHistory(fixture, carId, history);
      cars.at(-1)!.itemId = ((await call(fixture, 'POST', `/api/cars/${carId}/checklist`, { title: 'Torque wheel nuts' })).body as { id: number }).id;
    }
    for (let i = 0; i < sizes.warmup + sizes.iterations; i++) {
      // Each round starts with the next car: none is always first.
      for (const car of [...cars.slice(i % cars.length), ...cars.slice(0, i % cars.length)]) {
        const { save, asOf } = await saveAndRead(car.fixture, car.carId, car.itemId, i);
        if (i >= sizes.warmup) {
          car.saves.push(save);
          car.asOf.push(asOf);
        }
      }
    }
    return new Map(cars.map((car) => [car.history, { saveP50: percentile(car.saves, 50), asOfP50: percentile(car.asOf, 50) }]));
  } finally {
    for (const car of cars) await car.fixture.close();
  }
}

/** Runs section 7 on PGlite (the embedded default) and on PostgreSQL when `databaseUrl` is set. */
export async function benchHistoryGrowth(options: { databaseUrl?: string; sizes?: HistorySizes; log?: (line: string) => void }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? HISTORY_FULL;
  const results: BenchResult[] = [];
  const backends = backendsFor(options.databaseUrl);
  if (!options.databaseUrl) results.push(skipped(7, `${TITLE} · PostgreSQL`, NO_POSTGRES));
  for (const backend of backends) {
    const label = backend.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
    options.log?.(`   ${label}: cars with ${sizes.histories.map(fmt).join(', ')} earlier changes, saving in turn`);
    const figures = await measureAll(backend, sizes);
    const [smallest, ...larger] = sizes.histories;
    const base = figures.get(smallest!)!;
    const sizesText = (history: number) => `${fmt(history)} earlier changes of one car (season mix), ${sizes.iterations} saves after ${sizes.warmup} warm-up, one at a time, in turn with the other cars, in process (inject)`;
    for (const history of larger) {
      const f = figures.get(history)!;
      results.push(measured(7, `${TITLE} · ${label} · save p50 at ${fmt(history)} changes`, sizesText(history), { value: f.saveP50, unit: 'ms' },
        { name: `save p50 at ${fmt(smallest!)} changes`, value: base.saveP50, unit: 'ms' },
        { text: `≤ ${SAVE_TARGET}× the p50 at ${fmt(smallest!)}`, pass: f.saveP50 <= SAVE_TARGET * base.saveP50 },
        ['a save: PUT suspension (baseline) and PATCH a checklist tick, alternating; each answers after the read models show it']));
    }
    const largest = sizes.histories.at(-1)!;
    const f = figures.get(largest)!;
    results.push(measured(7, `${TITLE} · ${label} · as-of p50 at ${fmt(largest)} changes`, sizesText(largest), { value: f.asOfP50, unit: 'ms' },
      { name: `as-of p50 at ${fmt(smallest!)} changes`, value: base.asOfP50, unit: 'ms' },
      { text: `< ${AS_OF_TARGET_MS} ms`, pass: f.asOfP50 < AS_OF_TARGET_MS },
      ['GET /api/cars/{id}/setup?asOf=<now>: the whole setup as it stood']));
  }
  return results;
}
