import type { SetupSnapshot, SetupValues } from '@pitwall/contracts';
import {
  carDecider, carStream, effectiveNote, effectiveRows, effectiveSuspension, foldState, gearRowRule, raceEventDecider, raceEventStream, setupKey, tireRowRule, withRaceFinalDrive,
  type ActiveCar, type CarEvent, type RaceEventEvent,
} from '@pitwall/domain';
import type { EventStore, Position, RecordedEvent } from '@pitwall/eventstore';
import { comparePositions, formatPosition } from '@pitwall/eventstore';

const domainEvents = <E>(recorded: RecordedEvent[]) => recorded.map((e) => ({ type: e.type, data: e.data }) as E);

/**
 * The setup values of a car state: the baseline (`raceEventId` null; every row own, `ownFields` =
 * the fields with a value) or the EFFECTIVE setup of a race event — the baseline overridden by its
 * own fields and rows, its final drive ratio (text, null = not set) in the 'Final Drive' row, each
 * value marked own or inherited (setup-inheritance.ts).
 */
export function setupValuesOf(car: ActiveCar, raceEventId: number | null, finalDriveRatio: string | null = null): SetupValues {
  const noId = <R extends { id: number }>({ id: _id, ...row }: R) => row;
  const baseGears = (car.gearRatios.get('baseline') ?? []).map(noId);
  const baseTires = car.tirePressures.get('baseline');
  const baseTireRows = (baseTires?.rows ?? []).map(noId);
  const baseSuspension = car.suspensions.get('baseline')?.values ?? null;
  if (raceEventId === null) {
    const suspension = effectiveSuspension(null, baseSuspension);
    return {
      gearRatios: baseGears.map((row) => ({ ...row, own: true })),
      suspension: suspension && { ...suspension.values, ownFields: suspension.ownFields },
      tirePressures: { items: baseTireRows.map((row) => ({ ...row, own: true })), notes: baseTires?.notes ?? null },
    };
  }
  const key = setupKey(raceEventId);
  const ownTires = car.tirePressures.get(key);
  const suspension = effectiveSuspension(baseSuspension, car.suspensions.get(key)?.values ?? null);
  const gears = withRaceFinalDrive(effectiveRows(gearRowRule, baseGears, (car.gearRatios.get(key) ?? []).map(noId)), baseGears, finalDriveRatio);
  return {
    gearRatios: gears.map(({ row, own }) => ({ ...row, own })),
    suspension: suspension && { ...suspension.values, ownFields: suspension.ownFields },
    tirePressures: {
      items: effectiveRows(tireRowRule, baseTireRows, (ownTires?.rows ?? []).map(noId)).map(({ row, own }) => ({ ...row, own })),
      notes: effectiveNote(baseTires?.notes ?? null, ownTires?.notes ?? null).notes,
    },
  };
}

/** The position of the last event of `events` at or before `limit` (null when none). */
const lastAtOrBefore = (events: RecordedEvent[], limit: (e: RecordedEvent) => boolean) => events.filter(limit).at(-1) ?? null;

/**
 * A car's whole setup as it stood, rebuilt from its event stream (not from the read models):
 * - `{ asOf }`: after the last event recorded at or before that instant;
 * - `{ raceEventId }`: at the moment of that race event's last change (its final drive or its
 *   own setup), so "as it was at Laguna Seca" shows what the team ran there: `raceEvent.setup` is
 *   its effective setup then (the baseline of that moment overridden by its own values, marked).
 * Answers null when the car did not exist yet at that moment.
 */
export async function buildSetupSnapshot(store: EventStore, carId: number, at: { asOf: Date } | { raceEventId: number }): Promise<SetupSnapshot | null> {
  const carEvents = await store.readStream(carStream(carId));
  const raceEventEvents = 'raceEventId' in at ? await store.readStream(raceEventStream(at.raceEventId)) : [];
  let position: Position | null;
  if ('asOf' in at) {
    position = lastAtOrBefore(carEvents, (e) => e.recordedAt <= at.asOf)?.position ?? null;
  } else {
    const ownSetup = carEvents.filter((e) => (e.data as { raceEventId?: number | null }).raceEventId === at.raceEventId).at(-1)?.position;
    const ownEvents = raceEventEvents.at(-1)?.position;
    position = [ownSetup, ownEvents].filter((p): p is Position => p !== undefined).sort(comparePositions).at(-1) ?? null;
  }
  if (!position) return null;
  const upTo = (e: RecordedEvent) => comparePositions(e.position, position) <= 0;
  const car = foldState(carDecider, domainEvents<CarEvent>(carEvents.filter(upTo)));
  if (car.status !== 'active') return null;
  const raceEvent = foldState(raceEventDecider, domainEvents<RaceEventEvent>(raceEventEvents.filter(upTo)));
  const scheduled = raceEventEvents[0]?.type === 'RaceEventScheduled' ? (raceEventEvents[0].data as { name: string; date: string }) : null;
  const lastIncluded = carEvents.filter(upTo).at(-1) ?? null;
  return {
    carId,
    position: formatPosition(position),
    at: (lastIncluded?.recordedAt ?? null)?.toISOString() ?? null,
    basic: { ...car.details, tuningFileUrl: car.tuningFileUrl },
    maintenance: Object.fromEntries(Object.entries(car.maintenance).map(([k, v]) => [k, v ?? null])),
    baseline: setupValuesOf(car, null),
    raceEvent:
      'raceEventId' in at && raceEvent.status === 'scheduled' && scheduled
        ? {
            id: at.raceEventId,
            name: scheduled.name,
            date: scheduled.date,
            finalDriveRatio: raceEvent.finalDriveRatio,
            finalDriveNotes: raceEvent.finalDriveNotes,
            setup: setupValuesOf(car, at.raceEventId, raceEvent.finalDriveRatio),
          }
        : null,
  };
}
