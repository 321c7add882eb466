import type { SetupSnapshot, SetupValues } from '@pitwall/contracts';
import { carDecider, carStream, foldState, raceEventDecider, raceEventStream, setupKey, type ActiveCar, type CarEvent, type RaceEventEvent } from '@pitwall/domain';
import type { EventStore, Position, RecordedEvent } from '@pitwall/eventstore';
import { comparePositions, formatPosition } from '@pitwall/eventstore';

const domainEvents = <E>(recorded: RecordedEvent[]) => recorded.map((e) => ({ type: e.type, data: e.data }) as E);

/** The setup values of one setup key (baseline or a race event) of a car state. */
export function setupValuesOf(car: ActiveCar, eventId: number | null): SetupValues {
  const key = setupKey(eventId);
  const tires = car.tirePressures.get(key);
  const suspension = car.suspensions.get(key);
  return {
    gearRatios: (car.gearRatios.get(key) ?? []).map(({ id: _id, ...row }) => row),
    suspension: suspension ? suspension.values : null,
    tirePressures: { items: (tires?.rows ?? []).map(({ id: _id, ...row }) => row), notes: tires?.notes ?? null },
  };
}

/** The position of the last event of `events` at or before `limit` (null when none). */
const lastAtOrBefore = (events: RecordedEvent[], limit: (e: RecordedEvent) => boolean) => events.filter(limit).at(-1) ?? null;

/**
 * A car's whole setup as it stood, rebuilt from its event stream (not from the read models):
 * - `{ asOf }`: after the last event recorded at or before that instant;
 * - `{ raceEventId }`: at the moment of that race event's last change (its final drive or its
 *   own setup), so "as it was at Laguna Seca" shows what the team ran there.
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
            setup: setupValuesOf(car, at.raceEventId),
          }
        : null,
  };
}
