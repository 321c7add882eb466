import type { EventSchema, EventSchemas } from '@pitwall/eventstore';
import type { DomainEventType } from './domain-event.ts';

/**
 * The schema versions of Pitwall's domain events and their upcasters (docs/decisions/0002-event-versioning-and-upcasters.md). The event store stamps each append with its type's version and upcasts older stored
 * events on every read (the command side, the projector, the history and as-of alike). Every change
 * of an event's shape adds a version here with its upcaster and a test against events written by the
 * previous release (services/server/test/upgrade.int.test.ts). Types not listed are version 1.
 */

/**
 * v1 → v2 of the setup, image and issue events: the race event reference `eventId`
 * (ambiguous next to `event`, the domain event) is renamed `raceEventId`; every other field stays
 * as it was. Data without `eventId` gets `raceEventId: null` (the baseline / no race event), which
 * is what a missing reference meant in v1. Pure: the stored object is not changed.
 * Example: `{ carId: 7, eventId: 3, rows: [] }` → `{ carId: 7, rows: [], raceEventId: 3 }`.
 */
export function renameEventId(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { eventId, ...rest } = data;
  return { ...rest, raceEventId: eventId ?? null };
}

/**
 * v1 → v2 of SessionLapsSet (lap times from timing exports): each lap gains its sector times
 * (`sectorsMs`, ms) and the driver's name from the export (`driverName`). A v1 lap had neither:
 * it reads as `sectorsMs: []` and `driverName: null`. Pure: the stored object is not changed.
 * Example: `{ sessionId: 4, laps: [{ lapTimeMs: 102318, kind: 'timed' }] }` →
 * `{ sessionId: 4, laps: [{ lapTimeMs: 102318, kind: 'timed', sectorsMs: [], driverName: null }] }`.
 */
export function addLapSectorsAndDriver(data: Readonly<{ laps: readonly Readonly<Record<string, unknown>>[] } & Record<string, unknown>>): Record<string, unknown> {
  return { ...data, laps: data.laps.map((lap) => ({ ...lap, sectorsMs: [], driverName: null })) };
}

/**
 * v1 → v2 of CarEntered and EntryWithdrawn: the entry's `number` becomes text, as the entry list
 * prints it (`"007"` and `"7"` are different numbers). A v1 number was an integer 1–999 and reads
 * as its decimal digits. Pure: the stored object is not changed.
 * Example: `{ entryId: 3, number: 27, class: 'Cup' }` → `{ entryId: 3, number: '27', class: 'Cup' }`.
 */
export function entryNumberAsText(data: Readonly<{ number: number } & Record<string, unknown>>): Record<string, unknown> {
  return { ...data, number: String(data.number) };
}

/**
 * v1 → v2 of RacePlanSet (the plan that races): the plan gains `stintSplit`, how its laps are split
 * into stints. A v1 plan was always split evenly, so it reads as 'even' and shows the stints the team
 * saw when it saved it (new plans default to 'full-tanks'). Pure: the stored object is not changed.
 * Example: `{ raceEventId: 3, plan: { tankLitres: 80 } }` → `{ raceEventId: 3, plan: { tankLitres: 80, stintSplit: 'even' } }`.
 */
export function racePlanSplitEvenly(data: Readonly<{ plan: Readonly<Record<string, unknown>> } & Record<string, unknown>>): Record<string, unknown> {
  return { ...data, plan: { ...data.plan, stintSplit: 'even' } };
}

/**
 * v1 → v2 of TireSetAdded and TireSetRevised: a set's `details` gain its earlier use, the heat
 * cycles and laps it ran before Pitwall knew it (`earlierHeatCycles`, `earlierLaps`). Every v1 set
 * was entered without any: 0 of each. Pure: the stored object is not changed.
 * Example: `{ tireSetId: 5, details: { name: 'Set 5', condition: 'used' } }` →
 * `{ tireSetId: 5, details: { name: 'Set 5', condition: 'used', earlierHeatCycles: 0, earlierLaps: 0 } }`.
 */
export function addEarlierTireUse(data: Readonly<{ details: Readonly<Record<string, unknown>> } & Record<string, unknown>>): Record<string, unknown> {
  return { ...data, details: { ...data.details, earlierHeatCycles: 0, earlierLaps: 0 } };
}

/**
 * v1 → v2 of RoundAdded: a round gains its last day `endsOn` ('YYYY-MM-DD'). A v1 round had one
 * date: it ends the day it starts. Pure: the stored object is not changed.
 * Example: `{ roundId: 4, date: '2026-05-02' }` → `{ roundId: 4, date: '2026-05-02', endsOn: '2026-05-02' }`.
 */
export function roundEndsOnItsDate(data: Readonly<{ date: string } & Record<string, unknown>>): Record<string, unknown> {
  return { ...data, endsOn: data.date };
}

/**
 * v1 → v2 of RaceEventScheduled: a race event gains its last day `endsOn` ('YYYY-MM-DD'; null: one
 * day). Every v1 race event was one day: null. Pure: the stored object is not changed.
 * Example: `{ raceEventId: 3, date: '2026-05-02T00:00:00.000Z' }` → `{ raceEventId: 3, date: '2026-05-02T00:00:00.000Z', endsOn: null }`.
 */
export function raceEventOneDay(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...data, endsOn: null };
}

/**
 * v2 → v3 of TireSetAdded and TireSetRevised: a set's `details` gain the barcode of the tire
 * supplier's label (`barcode`, the series' tire register names a set by it). No v2 set had one:
 * `barcode: null`. Pure: the stored object is not changed.
 * Example: `{ tireSetId: 5, details: { name: 'Set 5', earlierLaps: 0 } }` →
 * `{ tireSetId: 5, details: { name: 'Set 5', earlierLaps: 0, barcode: null } }`.
 */
export function addTireBarcode(data: Readonly<{ details: Readonly<Record<string, unknown>> } & Record<string, unknown>>): Record<string, unknown> {
  return { ...data, details: { ...data.details, barcode: null } };
}

/**
 * Every event type whose shape changed since it was first stored, by type name, with its current
 * version and an upcaster from each older one. A type not listed is at version 1 (the store stamps
 * and reads it as such), so a new event type needs no entry here until its shape first changes.
 * Keyed by the domain's event types: a misspelt or removed type fails the type check.
 */
export const EVENT_SCHEMAS: EventSchemas = {
  // The race event reference `eventId` renamed `raceEventId`.
  GearRatiosSet: { version: 2, upcasters: { 1: renameEventId } },
  SuspensionSet: { version: 2, upcasters: { 1: renameEventId } },
  TirePressuresSet: { version: 2, upcasters: { 1: renameEventId } },
  ImageAdded: { version: 2, upcasters: { 1: renameEventId } },
  IssueRaised: { version: 2, upcasters: { 1: renameEventId } },
  // Laps from timing exports: sector times and the driver.
  SessionLapsSet: { version: 2, upcasters: { 1: addLapSectorsAndDriver } },
  // A tire set's details: v2 its earlier heat cycles and laps; v3 its barcode.
  TireSetAdded: { version: 3, upcasters: { 1: addEarlierTireUse, 2: addTireBarcode } },
  TireSetRevised: { version: 3, upcasters: { 1: addEarlierTireUse, 2: addTireBarcode } },
  // The race plan: how its laps are split into stints.
  RacePlanSet: { version: 2, upcasters: { 1: racePlanSplitEvenly } },
  // Series: entry numbers are text.
  CarEntered: { version: 2, upcasters: { 1: entryNumberAsText } },
  EntryWithdrawn: { version: 2, upcasters: { 1: entryNumberAsText } },
  // Rounds and race events over several days.
  RoundAdded: { version: 2, upcasters: { 1: roundEndsOnItsDate } },
  RaceEventScheduled: { version: 2, upcasters: { 1: raceEventOneDay } },
} satisfies Partial<Record<DomainEventType, EventSchema>>;
