/**
 * The schema versions of Pitwall's domain events and their upcasters (ARCHITECTURE.md "Event
 * versioning"). The event store stamps each append with its type's version and upcasts older stored
 * events on every read (the command side, the projector, the history and as-of alike). Every change
 * of an event's shape adds a version here with its upcaster and a test against events written by the
 * previous release (services/server/test/upgrade.int.test.ts). Types not listed are version 1.
 */

/** One event type's schema: its current version and the upcasters from each older version to the next. */
export interface EventSchema {
  version: number;
  /** `upcasters[n]` turns version n data into version n + 1 data. */
  upcasters: Readonly<Record<number, (data: never) => unknown>>;
}

/** Every event type whose shape changed, by type name. */
export const EVENT_SCHEMAS: Readonly<Record<string, EventSchema>> = {};
