import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EventMetadata } from '@pitwall/eventstore';

/**
 * Synthetic event histories of the demo season's shape (data/demo-season.json): many teams, each
 * with four users and members, and per team the demo's four cars with their setups (7 gear ratio
 * rows, suspension, 3 tire pressure rows), maintenance dates, checklist items, three race events
 * each with a final drive, its own setup, issues and status changes. Values come from the demo
 * file, so payload sizes match what a team really enters.
 */

/** The repository root (this file is bench/lib/season-events.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** One event ready to store: its stream, its position in the stream, and what the store keeps. */
export interface GeneratedEvent {
  streamName: string;
  streamPosition: number;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

interface DemoCar {
  car: { name: string; makeModel: string; year: number; engine?: string | null; transmission?: string | null; weight?: string | null; power?: string | null; color?: string; carClass?: string };
  gearRatios: { name: string; ratio: string; speedAtMaxRpm?: string | null; notes?: string | null }[];
  suspension?: Record<string, string | null>;
  tirePressures?: { items: { condition: string; frontLeft: string; frontRight: string; rearLeft: string; rearRight: string }[]; notes?: string | null };
  maintenance: Record<string, string | null>;
  checklist: { title: string; description?: string | null; priority?: string }[];
  events: { name: string; location: string; date: string; trackLength?: string; weather?: string; notes?: string; finalDriveRatio?: string; finalDriveNotes?: string; issues?: { title: string; description: string; type: string; priority: string; status: string }[] }[];
}

interface DemoSeason {
  members: { username: string; firstName: string; lastName?: string; role: string; memberColor?: string }[];
  cars: DemoCar[];
}

let demo: DemoSeason | undefined;

/** The demo season file, read once. */
export function demoSeason(): DemoSeason {
  demo ??= JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as DemoSeason;
  return demo;
}

/** An argon2id PHC string of the usual length (the real one is per user; its size is what matters here). */
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0aSBqR3v4d0h1Q3Z0cE1jV2xXbkZ4eE5ZYkVvZ2xxN2s';

const RACE_EVENTS_PER_CAR = 3;
const blank = (v: string | null | undefined): string | null => (v === undefined || v === null || v === '' ? null : v);

/** Id counters per kind, as the server's sequences would allocate them. */
class Ids {
  private readonly next = new Map<string, number>();
  take(kind: string): number {
    const id = (this.next.get(kind) ?? 0) + 1;
    this.next.set(kind, id);
    return id;
  }
}

/**
 * Yields exactly `total` events of whole teams (the last team may be cut short), in the order a
 * season's commands would append them, with stream positions counted per stream.
 */
export function* seasonEvents(total: number): Generator<GeneratedEvent> {
  const season = demoSeason();
  const ids = new Ids();
  const positions = new Map<string, number>();
  let emitted = 0;
  let clock = Date.parse('2026-01-05T08:00:00Z');

  const make = (streamName: string, type: string, data: unknown, metadata: EventMetadata): GeneratedEvent => {
    const streamPosition = positions.get(streamName) ?? 0;
    positions.set(streamName, streamPosition + 1);
    return { streamName, streamPosition, id: randomUUID(), type, data, metadata };
  };

  for (let team = 1; emitted < total; team++) {
    const teamId = ids.take('team');
    const users = [{ username: `owner${team}`, firstName: 'Dana', lastName: 'Whitfield', role: 'owner', memberColor: '#6b7280' }, ...season.members.map((m) => ({ ...m, username: `${m.username}${team}` }))];
    const userIds = users.map(() => ids.take('user'));
    const ownerId = userIds[0]!;
    const meta = (userId: number | null): EventMetadata => {
      clock += 17_000;
      return { userId, teamId, correlationId: randomUUID(), causationId: null, at: new Date(clock).toISOString() };
    };
    const batch: GeneratedEvent[] = [];
    const at = () => new Date(clock).toISOString();

    users.forEach((u, i) => {
      const userId = userIds[i]!;
      batch.push(make(`username-${u.username}`, 'UsernameClaimed', { username: u.username, userId }, meta(i === 0 ? null : ownerId)));
      batch.push(make(`user-${userId}`, 'UserRegistered', { userId, username: u.username, passwordHash: PASSWORD_HASH, firstName: u.firstName, lastName: u.lastName ?? null, email: `${u.username}@example.org` }, meta(i === 0 ? null : ownerId)));
      if (i === 0) batch.push(make(`team-${teamId}`, 'TeamCreated', { teamId, name: `Apex Garage Racing ${team}`, description: null, ownerId: String(ownerId), createdAt: at() }, meta(ownerId)));
      batch.push(make(`team-${teamId}`, 'MemberAdded', { teamId, memberId: ids.take('member'), userId: String(userId), role: u.role, memberColor: u.memberColor ?? '#6b7280', displayName: `${u.firstName} ${u.lastName ?? ''}`.trim(), joinedAt: at() }, meta(ownerId)));
    });

    const member = (k: number) => userIds[k % userIds.length]!;
    season.cars.forEach((demoCar, c) => {
      const carId = ids.take('car');
      const car = `car-${carId}`;
      const d = demoCar.car;
      const details = { name: d.name, makeModel: d.makeModel, year: d.year, engine: blank(d.engine), transmission: blank(d.transmission), weight: blank(d.weight), power: blank(d.power), color: d.color ?? '#0F4C81', carClass: d.carClass ?? 'Other' };
      batch.push(make(car, 'CarCreated', { carId, teamId, details, createdAt: at() }, meta(ownerId)));
      const gears = (raceEventId: number | null) => ({ carId, raceEventId, rows: demoCar.gearRatios.map((g) => ({ id: ids.take('gear'), name: g.name, ratio: g.ratio, speedAtMaxRpm: blank(g.speedAtMaxRpm), notes: blank(g.notes) })) });
      const suspension = (raceEventId: number | null) => ({ carId, raceEventId, suspensionId: ids.take('suspension'), values: Object.fromEntries(Object.entries(demoCar.suspension ?? season.cars[0]!.suspension!).map(([k, v]) => [k, blank(v)])) });
      const pressures = (raceEventId: number | null) => {
        const tp = demoCar.tirePressures ?? season.cars[0]!.tirePressures!;
        return { carId, raceEventId, rows: tp.items.map((r) => ({ id: ids.take('tire'), condition: r.condition, frontLeft: r.frontLeft, frontRight: r.frontRight, rearLeft: r.rearLeft, rearRight: r.rearRight })), notes: blank(tp.notes) };
      };
      batch.push(make(car, 'GearRatiosSet', gears(null), meta(member(c + 1))));
      batch.push(make(car, 'SuspensionSet', suspension(null), meta(member(c + 1))));
      batch.push(make(car, 'TirePressuresSet', pressures(null), meta(member(c + 2))));
      for (const [item, date] of Object.entries(demoCar.maintenance)) {
        if (date) batch.push(make(car, 'MaintenanceRecorded', { carId, item, date }, meta(member(1))));
      }
      const checklist = demoCar.checklist.length ? demoCar.checklist : season.cars[0]!.checklist.slice(0, 2);
      checklist.forEach((item, k) => {
        const itemId = ids.take('checklist');
        batch.push(make(car, 'ChecklistItemAdded', { carId, itemId, title: item.title, description: blank(item.description), priority: item.priority ?? 'medium' }, meta(member(k))));
        if (k % 2 === 0) batch.push(make(car, 'ChecklistItemCompleted', { carId, itemId }, meta(member(k + 1))));
      });
      const allEvents = season.cars.flatMap((x) => x.events);
      for (let e = 0; e < RACE_EVENTS_PER_CAR; e++) {
        const ev = allEvents[(c * RACE_EVENTS_PER_CAR + e) % allEvents.length]!;
        const raceEventId = ids.take('raceEvent');
        const re = `raceEvent-${raceEventId}`;
        const date = new Date(Date.parse(`${ev.date}T09:00:00Z`) + team * 86_400_000).toISOString();
        batch.push(make(re, 'RaceEventScheduled', { raceEventId, carId, teamId, name: ev.name, location: ev.location, date, trackLength: blank(ev.trackLength), weather: blank(ev.weather), notes: blank(ev.notes), profileImageUrl: null, timetableImageUrl: null, createdAt: at() }, meta(ownerId)));
        batch.push(make(re, 'FinalDriveSet', { raceEventId, carId, finalDriveRatio: ev.finalDriveRatio ?? '3.900', finalDriveNotes: blank(ev.finalDriveNotes) }, meta(member(e + 1))));
        batch.push(make(car, 'GearRatiosSet', gears(raceEventId), meta(member(e + 1))));
        batch.push(make(car, 'SuspensionSet', suspension(raceEventId), meta(member(e + 1))));
        batch.push(make(car, 'TirePressuresSet', pressures(raceEventId), meta(member(e + 2))));
        const issues = ev.issues?.length ? ev.issues : (season.cars[0]!.events[0]!.issues ?? []);
        issues.forEach((issue, k) => {
          const issueId = ids.take('issue');
          batch.push(make(`issue-${issueId}`, 'IssueRaised', { issueId, carId, raceEventId, title: issue.title, description: issue.description, issueType: issue.type, priority: issue.priority, status: 'open', imageUrl: null, createdAt: at() }, meta(member(k + 2))));
          if (k === 0) batch.push(make(`issue-${issueId}`, 'IssueStatusChanged', { issueId, carId, from: 'open', to: 'in-progress' }, meta(member(k + 1))));
        });
      }
    });

    for (const event of batch) {
      if (emitted >= total) return;
      emitted++;
      yield event;
    }
  }
}

/** Takes up to `size` items at a time from an iterator. */
export function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}
