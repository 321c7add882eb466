import type { RoundResultValue, ScrutineeringStatus } from '@pitwall/contracts';

/**
 * The series aggregate (stream `series-{id}`, docs/product.md, 'Series'): a championship run by its organiser, with
 * rounds, classes, join codes, the teams and cars entered, the scrutineering checklist and the
 * verdicts per round and car. It lives in no team's stream. It holds references to a team and a
 * car (ids), an entry's number and class, never the car's passport: that is read from the team's
 * car record when asked, so a withdrawal hides it at once.
 */

/** A series was created; `organiserId` is the creating user's id as text (like a team's `ownerId`). */
export interface SeriesCreated {
  type: 'SeriesCreated';
  data: { seriesId: number; name: string; season: string; classes: string[]; organiserId: string; createdAt: string };
}
/** A round (name, location, date 'YYYY-MM-DD') was added to the calendar. */
export interface RoundAdded {
  type: 'RoundAdded';
  data: { seriesId: number; roundId: number; name: string; location: string; date: string };
}
/** The organiser made a join code (8 characters, no dash); it admits teams until `expiresAt` (ISO). */
export interface JoinCodeIssued {
  type: 'JoinCodeIssued';
  data: { seriesId: number; joinCodeId: number; code: string; issuedAt: string; expiresAt: string };
}
/** A team entered the series with a join code. */
export interface TeamEnteredSeries {
  type: 'TeamEnteredSeries';
  data: { seriesId: number; teamEntryId: number; teamId: number; code: string; enteredAt: string };
}
/** A team entered one of its cars in a class under a number (text since v2: `"007"`; v1 stored an integer). */
export interface CarEntered {
  type: 'CarEntered';
  data: { seriesId: number; entryId: number; teamId: number; carId: number; class: string; number: string; enteredAt: string };
}
/** The team withdrew the car's entry (v2: `number` as text): its passport leaves the organiser's views; the number and class stay on past results. */
export interface EntryWithdrawn {
  type: 'EntryWithdrawn';
  data: { seriesId: number; entryId: number; number: string; class: string };
}
/** The team left the series (its active entries were withdrawn just before, each with its own EntryWithdrawn). */
export interface TeamLeftSeries {
  type: 'TeamLeftSeries';
  data: { seriesId: number; teamId: number };
}
/** The organiser's scrutineering checklist, complete and in order; `retiredItemIds`: the items on the list before that are left out. */
export interface ScrutineeringItemsSet {
  type: 'ScrutineeringItemsSet';
  data: { seriesId: number; items: { itemId: number; title: string }[]; retiredItemIds: number[] };
}
/** Verdicts recorded for a car at a round: only the items whose status or notes changed. Who and when: the event's metadata. */
export interface ScrutineeringRecorded {
  type: 'ScrutineeringRecorded';
  data: { seriesId: number; roundId: number; entryId: number; results: { itemId: number; status: ScrutineeringStatus; notes: string | null }[] };
}

/** One car's stored result at a round (overall position, laps, best lap in ms, status, pole) with the entry its number matched when recorded, its class kept with it. */
export type StoredRoundResult = RoundResultValue & { entryId: number };
/** The organiser recorded a round's whole classification (a correction, such as a penalty, records it again). Who and when: the event's metadata. */
export interface RoundResultsSet {
  type: 'RoundResultsSet';
  data: { seriesId: number; roundId: number; results: StoredRoundResult[] };
}
/** The organiser set the series' points table: points per class position (1st first) and for pole. */
export interface PointsTableSet {
  type: 'PointsTableSet';
  data: { seriesId: number; points: number[]; polePoints: number };
}

/** The organiser set a round's tyre allocation: how many sets each car may register, of which compound (a later one replaces it). */
export interface TireAllocationSet {
  type: 'TireAllocationSet';
  data: { seriesId: number; roundId: number; setsPerCar: number; compound: string };
}
/**
 * A team registered one of its tyre sets for an entry at a round, by the barcode of its label (as
 * the set carried it then). Only the barcode is the organiser's to see; the set's id stays the team's.
 */
export interface TireSetRegistered {
  type: 'TireSetRegistered';
  data: { seriesId: number; roundId: number; entryId: number; tireSetId: number; barcode: string; registeredAt: string };
}
/** The entry's team took a registered barcode off the round's register (a mis-scan). */
export interface TireSetUnregistered {
  type: 'TireSetUnregistered';
  data: { seriesId: number; roundId: number; entryId: number; barcode: string };
}

export type SeriesEvent =
  | SeriesCreated
  | RoundAdded
  | JoinCodeIssued
  | TeamEnteredSeries
  | CarEntered
  | EntryWithdrawn
  | TeamLeftSeries
  | ScrutineeringItemsSet
  | ScrutineeringRecorded
  | RoundResultsSet
  | PointsTableSet
  | TireAllocationSet
  | TireSetRegistered
  | TireSetUnregistered;

/** A car's entry as the decider keeps it. */
export interface SeriesEntryState {
  entryId: number;
  teamId: number;
  carId: number;
  class: string;
  number: string;
  withdrawn: boolean;
}

/** A recorded verdict; key of `results` is `${roundId}:${entryId}:${itemId}`. */
export interface VerdictState {
  status: ScrutineeringStatus;
  notes: string | null;
}

export type SeriesState =
  | { status: 'none' }
  | {
      status: 'active';
      seriesId: number;
      organiserId: string;
      classes: string[];
      roundIds: number[];
      joinCodes: Map<string, string>;
      teamEntries: Map<number, number>;
      entries: Map<number, SeriesEntryState>;
      /** Every item ever defined, by id, with whether it is on the current checklist. */
      items: Map<number, { title: string; current: boolean }>;
      results: Map<string, VerdictState>;
      /** Each round's classification as last recorded (rounds without one: absent). */
      roundResults: Map<number, StoredRoundResult[]>;
      pointsTable: { points: number[]; polePoints: number } | null;
      /** Each round's tyre allocation (rounds without one: absent). */
      tireAllocations: Map<number, { setsPerCar: number; compound: string }>;
      /** The registered sets, by tireRegisterKey (round and upper-case barcode). */
      tireRegister: Map<string, { roundId: number; entryId: number; tireSetId: number; barcode: string }>;
    };

export const initialSeriesState: SeriesState = { status: 'none' };

/** The key of one verdict in `SeriesState.results`. */
export const verdictKey = (roundId: number, entryId: number, itemId: number) => `${roundId}:${entryId}:${itemId}`;

/** The key of a registered barcode in `SeriesState.tireRegister`: the round and the barcode in upper case (a label reads the same in either case). */
export const tireRegisterKey = (roundId: number, barcode: string) => `${roundId}:${barcode.toUpperCase()}`;

/** Folds one series event (pure). */
export function evolveSeries(state: SeriesState, event: SeriesEvent): SeriesState {
  if (event.type === 'SeriesCreated') {
    const d = event.data;
    return {
      status: 'active', seriesId: d.seriesId, organiserId: d.organiserId, classes: d.classes, roundIds: [],
      joinCodes: new Map(), teamEntries: new Map(), entries: new Map(), items: new Map(), results: new Map(),
      roundResults: new Map(), pointsTable: null, tireAllocations: new Map(), tireRegister: new Map(),
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'RoundAdded':
      return { ...state, roundIds: [...state.roundIds, event.data.roundId] };
    case 'JoinCodeIssued':
      return { ...state, joinCodes: new Map(state.joinCodes).set(event.data.code, event.data.expiresAt) };
    case 'TeamEnteredSeries':
      return { ...state, teamEntries: new Map(state.teamEntries).set(event.data.teamId, event.data.teamEntryId) };
    case 'CarEntered': {
      const { entryId, teamId, carId, number } = event.data;
      return { ...state, entries: new Map(state.entries).set(entryId, { entryId, teamId, carId, class: event.data.class, number, withdrawn: false }) };
    }
    case 'EntryWithdrawn': {
      const entry = state.entries.get(event.data.entryId);
      return entry ? { ...state, entries: new Map(state.entries).set(entry.entryId, { ...entry, withdrawn: true }) } : state;
    }
    case 'TeamLeftSeries': {
      const teamEntries = new Map(state.teamEntries);
      teamEntries.delete(event.data.teamId);
      return { ...state, teamEntries };
    }
    case 'ScrutineeringItemsSet': {
      const items = new Map([...state.items].map(([id, item]) => [id, { ...item, current: false }]));
      for (const { itemId, title } of event.data.items) items.set(itemId, { title, current: true });
      return { ...state, items };
    }
    case 'ScrutineeringRecorded': {
      const results = new Map(state.results);
      const { roundId, entryId } = event.data;
      for (const r of event.data.results) results.set(verdictKey(roundId, entryId, r.itemId), { status: r.status, notes: r.notes });
      return { ...state, results };
    }
    case 'RoundResultsSet':
      return { ...state, roundResults: new Map(state.roundResults).set(event.data.roundId, event.data.results) };
    case 'PointsTableSet':
      return { ...state, pointsTable: { points: event.data.points, polePoints: event.data.polePoints } };
    case 'TireAllocationSet':
      return { ...state, tireAllocations: new Map(state.tireAllocations).set(event.data.roundId, { setsPerCar: event.data.setsPerCar, compound: event.data.compound }) };
    case 'TireSetRegistered': {
      const { roundId, entryId, tireSetId, barcode } = event.data;
      return { ...state, tireRegister: new Map(state.tireRegister).set(tireRegisterKey(roundId, barcode), { roundId, entryId, tireSetId, barcode }) };
    }
    case 'TireSetUnregistered': {
      const tireRegister = new Map(state.tireRegister);
      tireRegister.delete(tireRegisterKey(event.data.roundId, event.data.barcode));
      return { ...state, tireRegister };
    }
  }
}

export const seriesStream = (seriesId: number) => `series-${seriesId}`;
