import { createEventVersioning, UnknownEventVersionError, type EventMetadata, type EventSchemas, type RecordedEvent } from '../src/index.ts';

const metadata: EventMetadata = { userId: 1, teamId: 1, correlationId: 'c', causationId: null, at: '2026-03-21T10:00:00.000Z' };
const recorded = (type: string, data: unknown, schemaVersion?: number): RecordedEvent => ({
  id: 'e1', streamName: 'car-1', streamPosition: 0, position: { commit: 1n, prepare: 1n }, type, data,
  metadata: schemaVersion === undefined ? metadata : { ...metadata, schemaVersion }, recordedAt: new Date(0),
});

/** v1 → v2 renames `eventId`; v2 → v3 adds a unit. */
const schemas: EventSchemas = {
  SuspensionSet: {
    version: 3,
    upcasters: {
      1: ({ eventId, ...rest }: { eventId: number | null }) => ({ ...rest, raceEventId: eventId }),
      2: (data: object) => ({ ...data, unit: 'mm' }),
    },
  },
};

describe('createEventVersioning', () => {
  const versioning = createEventVersioning(schemas);

  it('stamps appends with the current version of their type (1 for unversioned types)', () => {
    expect(versioning.stamp({ id: 'x', type: 'SuspensionSet', data: {}, metadata }).metadata.schemaVersion).toBe(3);
    expect(versioning.stamp({ id: 'x', type: 'CarCreated', data: {}, metadata }).metadata.schemaVersion).toBe(1);
  });

  it('upcasts an event written before versioning (no schemaVersion) through every version in order', () => {
    const event = versioning.upcast(recorded('SuspensionSet', { carId: 1, eventId: 4 }));
    expect(event.data).toEqual({ carId: 1, raceEventId: 4, unit: 'mm' });
    expect(event.metadata.schemaVersion).toBe(3);
  });

  it('upcasts from an intermediate version, and leaves a current or unversioned type untouched', () => {
    expect(versioning.upcast(recorded('SuspensionSet', { carId: 1, raceEventId: null }, 2)).data).toEqual({ carId: 1, raceEventId: null, unit: 'mm' });
    const current = recorded('SuspensionSet', { carId: 1 }, 3);
    expect(versioning.upcast(current)).toBe(current);
    const other = recorded('CarCreated', { carId: 1 });
    expect(versioning.upcast(other)).toBe(other);
  });

  it('refuses an event written by a newer version, naming the type and both versions', () => {
    expect(() => versioning.upcast(recorded('SuspensionSet', {}, 4))).toThrow(UnknownEventVersionError);
    expect(() => versioning.upcast(recorded('SuspensionSet', {}, 4))).toThrow(/SuspensionSet is stored in schema version 4.*up to 3/);
  });

  it('refuses schemas with a gap in their upcasters at creation', () => {
    expect(() => createEventVersioning({ X: { version: 3, upcasters: { 1: (d: never) => d } } })).toThrow('event schema X: no upcaster from version 2 to 3');
    expect(() => createEventVersioning({ X: { version: 0, upcasters: {} } })).toThrow(/positive integer/);
  });
});
