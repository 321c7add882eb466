import type { RoundResultValue, ScrutineeringStatus, TimetableChange, TimetableSession } from '@pitwall/contracts';

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
/** A round (name, location, first day `date` and last day `endsOn`, 'YYYY-MM-DD') was added to the calendar; v1 had no `endsOn` (one day). */
export interface RoundAdded {
  type: 'RoundAdded';
  data: { seriesId: number; roundId: number; name: string; location: string; date: string; endsOn: string };
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

/**
 * The organiser published a round's timetable, complete and by start (`startsAt` ISO as the organiser
 * wrote it, with its offset), and what changed against the one published before.
 */
export interface TimetableSet {
  type: 'TimetableSet';
  data: { seriesId: number; roundId: number; sessions: TimetableSession[]; changes: TimetableChange[] };
}
/**
 * An entered car's race event for a round: the race event (of the car's team) the timetable is
 * delivered to, made for the round (`created`) or one of the team's own linked to it.
 */
export interface RoundRaceEventLinked {
  type: 'RoundRaceEventLinked';
  data: { seriesId: number; roundId: number; entryId: number; raceEventId: number; created: boolean };
}

/**
 * The organiser set a car's balance of performance at a round (the whole of it; a revision sets it
 * again): ballast (kg), air restrictor (mm, null: none), minimum weight (kg, null: none), notes.
 * Who and when: the event's metadata.
 */
export interface BopSet {
  type: 'BopSet';
  data: { seriesId: number; roundId: number; entryId: number; ballastKg: number; restrictorMm: number | null; minWeightKg: number | null; notes: string | null };
}

/** A car's BoP at a round as the decider keeps it (key of `SeriesState.bops`: `${roundId}:${entryId}`). */
export type BopValue = Omit<BopSet['data'], 'seriesId' | 'roundId' | 'entryId'>;

/** The organiser set a round's tire allocation: how many sets each car may register, of which compound (a later one replaces it). */
export interface TireAllocationSet {
  type: 'TireAllocationSet';
  data: { seriesId: number; roundId: number; setsPerCar: number; compound: string };
}
/**
 * A team registered one of its tire sets for an entry at a round, by the barcode of its label (as
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
  | TimetableSet
  | RoundRaceEventLinked
  | BopSet
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
      /** Each round's first and last day ('YYYY-MM-DD'). */
      roundDays: Map<number, { startsOn: string; endsOn: string }>;
      /** Each round's timetable as last published (rounds without one: absent). */
      timetables: Map<number, TimetableSession[]>;
      /** The race event each entry's timetable goes to, by deliveryKey(roundId, entryId). */
      deliveries: Map<string, number>;
      joinCodes: Map<string, string>;
      teamEntries: Map<number, number>;
      entries: Map<number, SeriesEntryState>;
      /** Every item ever defined, by id, with whether it is on the current checklist. */
      items: Map<number, { title: string; current: boolean }>;
      results: Map<string, VerdictState>;
      /** Each round's classification as last recorded (rounds without one: absent). */
      roundResults: Map<number, StoredRoundResult[]>;
      pointsTable: { points: number[]; polePoints: number } | null;
      /** Each car's BoP per round as last set, by `${roundId}:${entryId}` (none set: absent). */
      bops: Map<string, BopValue>;
      /** Each round's tire allocation (rounds without one: absent). */
      tireAllocations: Map<number, { setsPerCar: number; compound: string }>;
      /** The registered sets, by tireRegisterKey (round and upper-case barcode). */
      tireRegister: Map<string, { roundId: number; entryId: number; tireSetId: number; barcode: string }>;
    };

export const initialSeriesState: SeriesState = { status: 'none' };

/** The key of one verdict in `SeriesState.results`. */
export const verdictKey = (roundId: number, entryId: number, itemId: number) => `${roundId}:${entryId}:${itemId}`;

/** The key of an entry's race event for a round in `SeriesState.deliveries`. */
export const deliveryKey = (roundId: number, entryId: number) => `${roundId}:${entryId}`;
/** The key of one car's BoP at a round in `SeriesState.bops`. */
export const bopKey = (roundId: number, entryId: number) => `${roundId}:${entryId}`;
/** The key of a registered barcode in `SeriesState.tireRegister`: the round and the barcode in upper case (a label reads the same in either case). */
export const tireRegisterKey = (roundId: number, barcode: string) => `${roundId}:${barcode.toUpperCase()}`;

/** Folds one series event (pure). */
export function evolveSeries(state: SeriesState, event: SeriesEvent): SeriesState {
  if (event.type === 'SeriesCreated') {
    const d = event.data;
    return {
      status: 'active', seriesId: d.seriesId, organiserId: d.organiserId, classes: d.classes, roundIds: [], roundDays: new Map(), timetables: new Map(), deliveries: new Map(),
      joinCodes: new Map(), teamEntries: new Map(), entries: new Map(), items: new Map(), results: new Map(),
      roundResults: new Map(), pointsTable: null, bops: new Map(), tireAllocations: new Map(), tireRegister: new Map(),
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'RoundAdded': {
      const { roundId, date, endsOn } = event.data;
      return { ...state, roundIds: [...state.roundIds, roundId], roundDays: new Map(state.roundDays).set(roundId, { startsOn: date, endsOn }) };
    }
    case 'TimetableSet':
      return { ...state, timetables: new Map(state.timetables).set(event.data.roundId, event.data.sessions) };
    case 'RoundRaceEventLinked':
      return { ...state, deliveries: new Map(state.deliveries).set(deliveryKey(event.data.roundId, event.data.entryId), event.data.raceEventId) };
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
    case 'BopSet': {
      const { roundId, entryId, ballastKg, restrictorMm, minWeightKg, notes } = event.data;
      return { ...state, bops: new Map(state.bops).set(bopKey(roundId, entryId), { ballastKg, restrictorMm, minWeightKg, notes }) };
    }
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
