import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, type DomainEvent } from '@pitwall/domain';
import { allProjections, type ProjectedEvent } from '../src/index.ts';

/** What the event store's read path does with a v1 event's data (services/eventstore/src/versioning.ts), step by step. */
function upcastEventData(type: string, fromVersion: number, data: unknown): unknown {
  const schema = EVENT_SCHEMAS[type];
  let out = data;
  for (let v = fromVersion; schema && v < schema.version; v++) out = schema.upcasters[v]!(out as never);
  return out;
}


const meta = { metadata: { userId: 1, teamId: 1, at: '2026-03-21T10:00:00.000Z' }, position: { commit: 10n, prepare: 10n }, streamName: 'car-7', streamPosition: 3 };
const project = (event: DomainEvent) =>
  allProjections.filter((p) => p.canHandle === 'all' || p.canHandle.includes(event.type)).flatMap((p) => p.project([{ ...event, ...meta } as unknown as ProjectedEvent]));

describe('projections of v1 events (eventId → raceEventId)', () => {
  it.each([
    { type: 'GearRatiosSet', data: { carId: 7, eventId: 3, rows: [{ id: 1, name: '1st', ratio: '5.087', speedAtMaxRpm: null, notes: null }] } },
    { type: 'TirePressuresSet', data: { carId: 7, eventId: 3, rows: [{ id: 2, condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' }], notes: null } },
    { type: 'SuspensionSet', data: { carId: 7, eventId: 3, suspensionId: 4, values: { frontCamber: '-2.8°' } } },
    { type: 'ImageAdded', data: { carId: 7, imageId: 2, eventId: 3, url: '/u', thumbnailUrl: '/t', caption: null, description: null } },
    { type: 'IssueRaised', data: { issueId: 9, carId: 7, eventId: 3, title: 'Brakes', description: 'Pedal long', issueType: 'issue', priority: 'high', status: 'open', imageUrl: null, createdAt: '2026-03-21T00:00:00.000Z' } },
  ])('$type v1 upcast projects the same SQL as the v2 event, with race event 3 in it', ({ type, data }) => {
    const { eventId, ...rest } = data;
    const v2 = { type, data: { ...rest, raceEventId: eventId } } as DomainEvent;
    const upcast = { type, data: upcastEventData(type, 1, data) } as DomainEvent;
    const statements = project(upcast);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements).toEqual(project(v2));
    expect(statements.some((s) => s.params.some((p) => typeof p === 'string' && /"race_event_id":3\b/.test(p)))).toBe(true);
  });
});
