import type { NewEvent, RecordedEvent } from './port.ts';

/**
 * Event versioning (docs/decisions/0002-event-versioning-and-upcasters.md): stored events are never rewritten. Each
 * event type has a schema version; the store stamps the current one into the event's metadata
 * (`schemaVersion`) on append, and on every read (readStream, readAll: the command side, the
 * projector, the history and as-of alike) an event of an older version is upcast, one version at a
 * time, to the current shape. An event without `schemaVersion` was written before versioning: 1.
 */

/** One event type's schema: its current version and the upcasters from each older version to the next. */
export interface EventSchema {
  /** The version new appends are written in (≥ 1). */
  version: number;
  /** `upcasters[n]` turns the data of version n into the data of version n + 1; one for every n below `version`. */
  upcasters: Readonly<Record<number, (data: never) => unknown>>;
}

/** Every event type whose shape changed, by type name. Types not listed are version 1 and read as stored. */
export type EventSchemas = Readonly<Record<string, EventSchema>>;

/** Thrown on read for an event written by a newer version of Pitwall than this one (a downgrade). */
export class UnknownEventVersionError extends Error {
  constructor(readonly type: string, readonly stored: number, readonly known: number) {
    super(`Event ${type} is stored in schema version ${stored}, but this version of Pitwall knows only up to ${known}: it was written by a newer version`);
    this.name = 'UnknownEventVersionError';
  }
}

/** The read and write halves of versioning for one set of schemas (see {@link createEventVersioning}). */
export interface EventVersioning {
  /** The event with its metadata's `schemaVersion` set to the type's current version. */
  stamp<E extends NewEvent>(event: E): E;
  /** The event upcast to its type's current version (the same object when it is current). */
  upcast<E extends RecordedEvent>(event: E): E;
}

/**
 * Versioning over `schemas`.
 * @throws TypeError at creation when a schema's version is not a positive integer or an upcaster
 *   of a version below it is missing, so a gap is found at start, not on the first old event.
 * `upcast` throws {@link UnknownEventVersionError} for an event newer than its schema.
 */
export function createEventVersioning(schemas: EventSchemas): EventVersioning {
  for (const [type, schema] of Object.entries(schemas)) {
    if (!Number.isInteger(schema.version) || schema.version < 1) throw new TypeError(`event schema ${type}: version must be a positive integer, got ${schema.version}`);
    for (let v = 1; v < schema.version; v++) {
      if (typeof schema.upcasters[v] !== 'function') throw new TypeError(`event schema ${type}: no upcaster from version ${v} to ${v + 1}`);
    }
  }
  const versionOf = (type: string) => schemas[type]?.version ?? 1;
  return {
    stamp(event) {
      return { ...event, metadata: { ...event.metadata, schemaVersion: versionOf(event.type) } };
    },
    upcast(event) {
      const current = versionOf(event.type);
      const stored = event.metadata.schemaVersion ?? 1;
      if (stored === current) return event;
      if (stored > current) throw new UnknownEventVersionError(event.type, stored, current);
      let data: unknown = event.data;
      for (let v = stored; v < current; v++) data = schemas[event.type]!.upcasters[v]!(data as never);
      return { ...event, data, metadata: { ...event.metadata, schemaVersion: current } };
    },
  };
}
