import type { PartDetails } from '@pitwall/contracts';

/**
 * The part aggregate (stream `part-{id}`): one lifed component of a team (a gearbox, a clutch, a
 * set of belts), its limits, the usage it had before Pitwall, and its dated changes — fitted to a
 * car, removed to the shelf, serviced. Its own stream: a part moves between the team's cars, so it
 * belongs to no car's stream. The usage itself is never stored here: it is derived from the
 * sessions of the car it was fitted to (see `partLife` of @pitwall/contracts).
 */

/** A part was added to team `teamId`. `createdAt` is an ISO timestamp; its life starts then. */
export interface PartAdded {
  type: 'PartAdded';
  data: { partId: number; teamId: number; details: PartDetails; createdAt: string };
}
/** The part's description, limits or usage before Pitwall changed: `details` is the complete new value. */
export interface PartRevised {
  type: 'PartRevised';
  data: { partId: number; teamId: number; details: PartDetails };
}
/** The part (named `name` then, for the car's history) was fitted to car `carId` at `at` (ISO). */
export interface PartFitted {
  type: 'PartFitted';
  data: { partId: number; teamId: number; name: string; carId: number; at: string };
}
/** The part (named `name` then) was taken off car `carId` at `at` (ISO): to the shelf, or, followed by a PartFitted at the same moment, moved to another car. */
export interface PartRemoved {
  type: 'PartRemoved';
  data: { partId: number; teamId: number; name: string; carId: number; at: string };
}
/** The part was serviced at `at` (ISO); `resetsLife`: a rebuild, the life count starts again at zero. `carId`: the car it was on, or null. */
export interface PartServiced {
  type: 'PartServiced';
  data: { partId: number; teamId: number; carId: number | null; at: string; notes: string; resetsLife: boolean };
}
/** The part was deleted (its events stay in the store). */
export interface PartDeleted {
  type: 'PartDeleted';
  data: { partId: number; teamId: number };
}

export type PartEvent = PartAdded | PartRevised | PartFitted | PartRemoved | PartServiced | PartDeleted;

export type PartState =
  | { status: 'none' | 'deleted' }
  | {
      status: 'active';
      partId: number;
      teamId: number;
      details: PartDetails;
      /** The car it is on now; null on the shelf. */
      carId: number | null;
      createdAt: string;
      /** The latest fit or removal (ISO); dated changes may not go back before it. */
      lastMovedAt: string;
    };

export const initialPartState: PartState = { status: 'none' };

export function evolvePart(state: PartState, event: PartEvent): PartState {
  if (event.type === 'PartAdded') {
    const { partId, teamId, details, createdAt } = event.data;
    return { status: 'active', partId, teamId, details, carId: null, createdAt, lastMovedAt: createdAt };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'PartRevised':
      return { ...state, details: event.data.details };
    case 'PartFitted':
      return { ...state, carId: event.data.carId, lastMovedAt: event.data.at };
    case 'PartRemoved':
      return { ...state, carId: null, lastMovedAt: event.data.at };
    case 'PartServiced':
      return state;
    case 'PartDeleted':
      return { status: 'deleted' };
  }
}

export const partStream = (partId: number) => `part-${partId}`;
