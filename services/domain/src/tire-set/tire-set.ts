import type { TireSetDetails, TreadDepths } from '@pitwall/contracts';

/**
 * The tire set aggregate (stream `tire-set-{id}`): one set of four tires a team owns — its
 * description, the car it belongs to (or the store), and its dated tread measurements. Its own
 * stream: a set moves between the team's cars and the store. What it ran in Pitwall (heat cycles,
 * laps, distance) is never stored here: it is derived from the sessions that name it (see
 * `tireSetLife` of @pitwall/contracts); only what it ran before, as the team entered it, is part of
 * its details.
 */

/**
 * A set was added to team `teamId`. `createdAt` is an ISO timestamp. v2: `details` carries the
 * earlier use (`earlierHeatCycles`, `earlierLaps`); a v1 event reads as 0 of each (addEarlierTireUse).
 * v3: `details.barcode`, the supplier label's barcode or null; a v2 event reads as null (addTireBarcode).
 */
export interface TireSetAdded {
  type: 'TireSetAdded';
  data: { tireSetId: number; teamId: number; details: TireSetDetails; createdAt: string };
}
/** The set's description, condition, tread depths, earlier use or car changed: `details` is the complete new value (v3 as TireSetAdded's). */
export interface TireSetRevised {
  type: 'TireSetRevised';
  data: { tireSetId: number; teamId: number; details: TireSetDetails };
}
/** The tread depths of the set were measured at `measuredAt` (ISO): 1 to 4 points per corner, mm (outer, centre, inner). */
export interface TireSetTreadMeasured {
  type: 'TireSetTreadMeasured';
  data: { tireSetId: number; teamId: number } & TreadDepths;
}
/** The set was deleted (its events stay in the store; sessions keep naming it). */
export interface TireSetDeleted {
  type: 'TireSetDeleted';
  data: { tireSetId: number; teamId: number };
}

export type TireSetEvent = TireSetAdded | TireSetRevised | TireSetTreadMeasured | TireSetDeleted;

export type TireSetState =
  | { status: 'none' | 'deleted' }
  | { status: 'active'; tireSetId: number; teamId: number; details: TireSetDetails };

export const initialTireSetState: TireSetState = { status: 'none' };

export function evolveTireSet(state: TireSetState, event: TireSetEvent): TireSetState {
  if (event.type === 'TireSetAdded') {
    const { tireSetId, teamId, details } = event.data;
    return { status: 'active', tireSetId, teamId, details };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'TireSetRevised':
      return { ...state, details: event.data.details };
    case 'TireSetTreadMeasured':
      return state;
    case 'TireSetDeleted':
      return { status: 'deleted' };
  }
}

/** Kept as stored before the `<camelCaseKind>-<id>` rule: stream names are stored data (docs/decisions/0011-stream-names-are-stored-data.md). */
export const tireSetStream = (tireSetId: number) => `tire-set-${tireSetId}`;
