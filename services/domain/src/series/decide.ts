import { timetableChanges, type ResultStatus, type Role, type ScrutineeringStatus, type SessionType, type TimetableSession } from '@pitwall/contracts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { SeriesEntryState, SeriesEvent, SeriesState, StoredRoundResult } from './series.ts';
import { bopKey, deliveryKey, evolveSeries, initialSeriesState, tireRegisterKey, verdictKey } from './series.ts';

/** How long a join code admits teams: 30 days from its issue. */
export const JOIN_CODE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The caller's active teams with their role in each (from the teams read model); the team side's commands check against it. */
export type ActorTeams = readonly { teamId: number; role: Role }[];

/** Creates a series; `organiserUserId` (any signed-in user) becomes its organiser. Ids and time come in. */
export interface CreateSeries {
  type: 'CreateSeries';
  data: { seriesId: number; name: string; season: string; classes: string[]; organiserUserId: number; now: string };
}
/** Adds a round (organiser only) from its first day `date` to its last `endsOn` ('YYYY-MM-DD'). */
export interface AddRound {
  type: 'AddRound';
  data: { actorUserId: number; roundId: number; name: string; location: string; date: string; endsOn: string };
}
/** Makes a join code (organiser only); `code` is 8 characters without the dash, generated outside. */
export interface IssueJoinCode {
  type: 'IssueJoinCode';
  data: { actorUserId: number; joinCodeId: number; code: string; now: string };
}
/** Enters team `teamId` with a join code (owner or admin of the team). A team already entered: no event. */
export interface EnterTeam {
  type: 'EnterTeam';
  data: { actorTeams: ActorTeams; teamEntryId: number; teamId: number; code: string; now: string };
}
/** Enters car `carId` of team `teamId` (owner or admin of that team) in a class under a number (text: `"007"` and `"7"` differ). */
export interface EnterCar {
  type: 'EnterCar';
  data: { actorTeams: ActorTeams; entryId: number; teamId: number; carId: number; class: string; number: string; now: string };
}
/** Withdraws a car's entry (owner or admin of the entry's team). */
export interface WithdrawEntry {
  type: 'WithdrawEntry';
  data: { actorTeams: ActorTeams; entryId: number };
}
/** Takes team `teamId` out of the series (owner or admin): its active entries are withdrawn first. */
export interface LeaveSeries {
  type: 'LeaveSeries';
  data: { actorTeams: ActorTeams; teamId: number };
}
/**
 * Replaces the checklist (organiser only). Items with an `id` must be items of this series; items
 * without one take the next of `newItemIds` (allocated outside), in order.
 */
export interface SetScrutineeringItems {
  type: 'SetScrutineeringItems';
  data: { actorUserId: number; items: { id?: number | undefined; title: string }[]; newItemIds: number[] };
}
/** Records verdicts for an active entry at a round (organiser only); items must be on the current checklist. */
export interface RecordScrutineering {
  type: 'RecordScrutineering';
  data: { actorUserId: number; roundId: number; entryId: number; results: { itemId: number; status: ScrutineeringStatus; notes: string | null }[] };
}

/** Records a round's whole classification (organiser only); each number must be an entry of the series. */
export interface SetRoundResults {
  type: 'SetRoundResults';
  data: { actorUserId: number; roundId: number; results: { number: string; position: number; laps: number; bestLapMs: number | null; status: ResultStatus; pole: boolean }[] };
}
/** Sets the series' points table (organiser only). */
export interface SetPointsTable {
  type: 'SetPointsTable';
  data: { actorUserId: number; points: number[]; polePoints: number };
}

/**
 * Publishes a round's whole timetable (organiser only). Sessions with an `id` must be sessions of
 * this round's timetable; those without take the next of `newSessionIds` (allocated outside), in
 * order. Every session starts on a day of the round, read from `startsAt` as written (its local date).
 */
export interface SetTimetable {
  type: 'SetTimetable';
  data: { actorUserId: number; roundId: number; sessions: { id?: number | undefined; name: string; type: SessionType; startsAt: string; durationMinutes: number }[]; newSessionIds: number[] };
}
/**
 * Records the race event an active entry's timetable for a round is delivered to (the timetable
 * delivery, not a person, sends it). An entry that has one keeps it: no event.
 */
export interface LinkRoundRaceEvent {
  type: 'LinkRoundRaceEvent';
  data: { roundId: number; entryId: number; raceEventId: number; created: boolean };
}
/**
 * Sets an active entry's balance of performance at a round (organiser only): ballast (kg),
 * restrictor (mm, null: none), minimum weight (kg, null: none), notes (null: none). The same BoP
 * again: no event.
 */
export interface SetBop {
  type: 'SetBop';
  data: { actorUserId: number; roundId: number; entryId: number; ballastKg: number; restrictorMm: number | null; minWeightKg: number | null; notes: string | null };
}
/** Sets a round's tire allocation (organiser only). */
export interface SetTireAllocation {
  type: 'SetTireAllocation';
  data: { actorUserId: number; roundId: number; setsPerCar: number; compound: string };
}
/**
 * Registers a tire set for an active entry at a round (any active member of the entry's team, as
 * for the team's tire writes). The caller read the set from the entry's team: its name and barcode
 * (null: none) come in; a set that is not the team's or is scrapped was refused before.
 */
export interface RegisterTireSet {
  type: 'RegisterTireSet';
  data: { actorTeams: ActorTeams; roundId: number; entryId: number; tireSetId: number; tireSetName: string; barcode: string | null; now: string };
}
/** Takes a barcode off a round's register (any active member of its entry's team). */
export interface UnregisterTireSet {
  type: 'UnregisterTireSet';
  data: { actorTeams: ActorTeams; roundId: number; barcode: string };
}

export type SeriesCommand =
  | CreateSeries | AddRound | IssueJoinCode | EnterTeam | EnterCar | WithdrawEntry | LeaveSeries | SetScrutineeringItems | RecordScrutineering
  | SetRoundResults | SetPointsTable | SetTimetable | LinkRoundRaceEvent | SetBop | SetTireAllocation | RegisterTireSet | UnregisterTireSet;

type ActiveSeries = Extract<SeriesState, { status: 'active' }>;

function requireOrganiser(series: ActiveSeries, actorUserId: number, action: string): void {
  if (series.organiserId !== String(actorUserId)) throw new ForbiddenError(`Only the series organiser can ${action}`);
}

/** The team's role for the caller; a team the caller is not in is not found; a role below admin may not act for it. */
function requireTeamManager(actorTeams: ActorTeams, teamId: number, notFound: string, action: string): void {
  const team = actorTeams.find((t) => t.teamId === teamId);
  if (!team) throw new NotFoundError(notFound);
  if (team.role !== 'owner' && team.role !== 'admin') throw new ForbiddenError(`Only the team owner or an admin can ${action}`);
}

function enterCar(series: ActiveSeries, { data: d }: EnterCar): SeriesEvent[] {
  requireTeamManager(d.actorTeams, d.teamId, 'Car not found', 'enter cars');
  if (!series.teamEntries.has(d.teamId)) throw new ValidationError('carId: The car\'s team has not entered this series (enter it with a join code first)');
  const klass = series.classes.find((c) => c.toLowerCase() === d.class.trim().toLowerCase());
  if (!klass) throw new ValidationError(`class: The series has no class '${d.class}' (classes: ${series.classes.join(', ')})`);
  const active = [...series.entries.values()].filter((e) => !e.withdrawn);
  if (active.some((e) => e.carId === d.carId)) throw new ConflictError('carId: This car is already entered in the series');
  if (active.some((e) => e.number === d.number)) throw new ConflictError(`number: Number ${d.number} is already taken in this series`);
  return [{ type: 'CarEntered', data: { seriesId: series.seriesId, entryId: d.entryId, teamId: d.teamId, carId: d.carId, class: klass, number: d.number, enteredAt: d.now } }];
}

function activeEntry(series: ActiveSeries, entryId: number): SeriesEntryState {
  const entry = series.entries.get(entryId);
  if (!entry || entry.withdrawn) throw new NotFoundError('Entry not found');
  return entry;
}

function setItems(series: ActiveSeries, { data: d }: SetScrutineeringItems): SeriesEvent[] {
  requireOrganiser(series, d.actorUserId, 'define the scrutineering items');
  const newIds = [...d.newItemIds];
  const items = d.items.map((item, i) => {
    if (item.id === undefined) {
      const itemId = newIds.shift();
      if (itemId === undefined) throw new RangeError('SetScrutineeringItems: fewer newItemIds than items without an id');
      return { itemId, title: item.title };
    }
    if (!series.items.has(item.id)) throw new ValidationError(`items row ${i + 1} id: No scrutineering item ${item.id} in this series`);
    return { itemId: item.id, title: item.title };
  });
  if (new Set(items.map((i) => i.itemId)).size !== items.length) throw new ValidationError('items: Each item id may appear only once');
  const current = [...series.items].filter(([, item]) => item.current).map(([itemId, { title }]) => ({ itemId, title }));
  if (JSON.stringify(current) === JSON.stringify(items)) return [];
  const retiredItemIds = current.map((c) => c.itemId).filter((id) => !items.some((i) => i.itemId === id));
  return [{ type: 'ScrutineeringItemsSet', data: { seriesId: series.seriesId, items, retiredItemIds } }];
}

function recordScrutineering(series: ActiveSeries, { data: d }: RecordScrutineering): SeriesEvent[] {
  requireOrganiser(series, d.actorUserId, 'record scrutineering');
  if (!series.roundIds.includes(d.roundId)) throw new NotFoundError('Round not found');
  activeEntry(series, d.entryId);
  d.results.forEach((r, i) => {
    if (!series.items.get(r.itemId)?.current) throw new ValidationError(`results row ${i + 1} itemId: No scrutineering item ${r.itemId} on this series' checklist`);
  });
  const changed = d.results.filter((r) => {
    const before = series.results.get(verdictKey(d.roundId, d.entryId, r.itemId));
    return !before || before.status !== r.status || before.notes !== r.notes;
  });
  if (changed.length === 0) return [];
  return [{ type: 'ScrutineeringRecorded', data: { seriesId: series.seriesId, roundId: d.roundId, entryId: d.entryId, results: changed } }];
}

/**
 * The entry a result's number names: the active entry under that number, else the last one withdrawn
 * (a car that raced the round and left the series later keeps its result).
 */
function entryByNumber(series: ActiveSeries, number: string): SeriesEntryState | undefined {
  const entries = [...series.entries.values()].filter((e) => e.number === number);
  return entries.find((e) => !e.withdrawn) ?? entries.at(-1);
}

function setRoundResults(series: ActiveSeries, { data: d }: SetRoundResults): SeriesEvent[] {
  requireOrganiser(series, d.actorUserId, 'record results');
  if (!series.roundIds.includes(d.roundId)) throw new NotFoundError('Round not found');
  const poles = new Set<string>();
  const results: StoredRoundResult[] = d.results.map((r, i) => {
    const entry = entryByNumber(series, r.number);
    if (!entry) throw new ValidationError(`results row ${i + 1} number: No car is entered under number ${r.number} in this series`);
    if (r.pole && poles.has(entry.class)) throw new ValidationError(`results row ${i + 1} pole: Only one car of class ${entry.class} can be on pole`);
    if (r.pole) poles.add(entry.class);
    return { entryId: entry.entryId, number: r.number, class: entry.class, position: r.position, laps: r.laps, bestLapMs: r.bestLapMs, status: r.status, pole: r.pole };
  });
  results.sort((a, b) => a.position - b.position);
  if (JSON.stringify(series.roundResults.get(d.roundId) ?? null) === JSON.stringify(results)) return [];
  return [{ type: 'RoundResultsSet', data: { seriesId: series.seriesId, roundId: d.roundId, results } }];
}

function setTimetable(series: ActiveSeries, { data: d }: SetTimetable): SeriesEvent[] {
  requireOrganiser(series, d.actorUserId, 'publish the timetable');
  const days = series.roundDays.get(d.roundId);
  if (!days) throw new NotFoundError('Round not found');
  const before = series.timetables.get(d.roundId) ?? [];
  const newIds = [...d.newSessionIds];
  const sessions: TimetableSession[] = d.sessions.map((s, i) => {
    if (s.id !== undefined && !before.some((b) => b.id === s.id)) throw new ValidationError(`sessions row ${i + 1} id: No session ${s.id} in this round's timetable`);
    const day = s.startsAt.slice(0, 10);
    if (day < days.startsOn || day > days.endsOn) {
      const span = days.startsOn === days.endsOn ? `on ${days.startsOn}` : `from ${days.startsOn} to ${days.endsOn}`;
      throw new ValidationError(`sessions row ${i + 1} startsAt: ${s.name} must start on a day of the round (${span})`);
    }
    const id = s.id ?? newIds.shift();
    if (id === undefined) throw new RangeError('SetTimetable: fewer newSessionIds than sessions without an id');
    return { id, name: s.name, type: s.type, startsAt: s.startsAt, durationMinutes: s.durationMinutes };
  });
  sessions.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);
  const changes = timetableChanges(before, sessions);
  if (changes.length === 0 && series.timetables.has(d.roundId)) return [];
  return [{ type: 'TimetableSet', data: { seriesId: series.seriesId, roundId: d.roundId, sessions, changes } }];
}

function linkRoundRaceEvent(series: ActiveSeries, { data: d }: LinkRoundRaceEvent): SeriesEvent[] {
  if (!series.roundIds.includes(d.roundId)) throw new NotFoundError('Round not found');
  activeEntry(series, d.entryId);
  if (series.deliveries.has(deliveryKey(d.roundId, d.entryId))) return [];
  return [{ type: 'RoundRaceEventLinked', data: { seriesId: series.seriesId, ...d } }];
}

function setBop(series: ActiveSeries, { data: d }: SetBop): SeriesEvent[] {
  requireOrganiser(series, d.actorUserId, 'set the balance of performance');
  if (!series.roundIds.includes(d.roundId)) throw new NotFoundError('Round not found');
  activeEntry(series, d.entryId);
  const value = { ballastKg: d.ballastKg, restrictorMm: d.restrictorMm, minWeightKg: d.minWeightKg, notes: d.notes };
  if (JSON.stringify(series.bops.get(bopKey(d.roundId, d.entryId)) ?? null) === JSON.stringify(value)) return [];
  return [{ type: 'BopSet', data: { seriesId: series.seriesId, roundId: d.roundId, entryId: d.entryId, ...value } }];
}

function requireRound(series: ActiveSeries, roundId: number): void {
  if (!series.roundIds.includes(roundId)) throw new NotFoundError('Round not found');
}

/**
 * The register's rules: an allocation set for the round, a set with a barcode, a barcode no entry
 * registered at this round yet, and the entry under its allocation.
 */
function registerTireSet(series: ActiveSeries, { data: d }: RegisterTireSet): SeriesEvent[] {
  requireRound(series, d.roundId);
  const entry = activeEntry(series, d.entryId);
  if (!d.actorTeams.some((t) => t.teamId === entry.teamId)) throw new NotFoundError('Entry not found');
  const allocation = series.tireAllocations.get(d.roundId);
  if (!allocation) throw new ConflictError('roundId: No tire allocation is set for this round yet (the organiser sets it)');
  if (d.barcode === null) throw new ValidationError(`tireSetId: ${d.tireSetName} has no barcode`);
  const taken = series.tireRegister.get(tireRegisterKey(d.roundId, d.barcode));
  if (taken) throw new ConflictError(`tireSetId: Barcode ${d.barcode} is already registered for #${series.entries.get(taken.entryId)?.number ?? '?'}`);
  const registered = [...series.tireRegister.values()].filter((r) => r.roundId === d.roundId && r.entryId === entry.entryId).length;
  if (registered >= allocation.setsPerCar) throw new ConflictError(`entryId: #${entry.number} already has ${registered} of ${allocation.setsPerCar} sets registered`);
  return [{ type: 'TireSetRegistered', data: { seriesId: series.seriesId, roundId: d.roundId, entryId: entry.entryId, tireSetId: d.tireSetId, barcode: d.barcode, registeredAt: d.now } }];
}

/**
 * Decides a series command. Throws NotFoundError for a missing series, round or entry
 * (a withdrawn entry is gone) and for a team the caller is not in; ForbiddenError when the caller
 * is not the organiser (organiser commands) or not the team's owner or admin (team commands);
 * ValidationError naming the field for a bad or expired join code, an unknown class or item;
 * ConflictError for a car already entered or a number already taken among the active entries.
 */
export function decideSeries(command: SeriesCommand, state: SeriesState): SeriesEvent[] {
  if (command.type === 'CreateSeries') {
    if (state.status !== 'none') throw new ConflictError('Series already exists');
    const d = command.data;
    return [{ type: 'SeriesCreated', data: { seriesId: d.seriesId, name: d.name, season: d.season, classes: d.classes, organiserId: String(d.organiserUserId), createdAt: d.now } }];
  }
  if (state.status !== 'active') throw new NotFoundError('Series not found');
  const series = state;
  switch (command.type) {
    case 'AddRound': {
      const { actorUserId, roundId, name, location, date, endsOn } = command.data;
      requireOrganiser(series, actorUserId, 'add rounds');
      return [{ type: 'RoundAdded', data: { seriesId: series.seriesId, roundId, name, location, date, endsOn } }];
    }
    case 'IssueJoinCode': {
      const { actorUserId, joinCodeId, code, now } = command.data;
      requireOrganiser(series, actorUserId, 'make join codes');
      const expiresAt = new Date(Date.parse(now) + JOIN_CODE_TTL_MS).toISOString();
      return [{ type: 'JoinCodeIssued', data: { seriesId: series.seriesId, joinCodeId, code, issuedAt: now, expiresAt } }];
    }
    case 'EnterTeam': {
      const d = command.data;
      requireTeamManager(d.actorTeams, d.teamId, 'Team not found', 'enter the team in a series');
      const expiresAt = series.joinCodes.get(d.code);
      if (!expiresAt || Date.parse(expiresAt) <= Date.parse(d.now)) throw new ValidationError('code: This join code is not valid or has expired');
      if (series.teamEntries.has(d.teamId)) return [];
      return [{ type: 'TeamEnteredSeries', data: { seriesId: series.seriesId, teamEntryId: d.teamEntryId, teamId: d.teamId, code: d.code, enteredAt: d.now } }];
    }
    case 'EnterCar':
      return enterCar(series, command);
    case 'WithdrawEntry': {
      const entry = activeEntry(series, command.data.entryId);
      requireTeamManager(command.data.actorTeams, entry.teamId, 'Entry not found', 'withdraw entries');
      return [{ type: 'EntryWithdrawn', data: { seriesId: series.seriesId, entryId: entry.entryId, number: entry.number, class: entry.class } }];
    }
    case 'LeaveSeries': {
      const { actorTeams, teamId } = command.data;
      requireTeamManager(actorTeams, teamId, 'Team not found', 'take the team out of a series');
      if (!series.teamEntries.has(teamId)) throw new NotFoundError('Series not found');
      const withdrawn: SeriesEvent[] = [...series.entries.values()]
        .filter((e) => e.teamId === teamId && !e.withdrawn)
        .map((e) => ({ type: 'EntryWithdrawn', data: { seriesId: series.seriesId, entryId: e.entryId, number: e.number, class: e.class } }));
      return [...withdrawn, { type: 'TeamLeftSeries', data: { seriesId: series.seriesId, teamId } }];
    }
    case 'SetScrutineeringItems':
      return setItems(series, command);
    case 'RecordScrutineering':
      return recordScrutineering(series, command);
    case 'SetRoundResults':
      return setRoundResults(series, command);
    case 'SetPointsTable': {
      const { actorUserId, points, polePoints } = command.data;
      requireOrganiser(series, actorUserId, 'set the points table');
      if (JSON.stringify(series.pointsTable) === JSON.stringify({ points, polePoints })) return [];
      return [{ type: 'PointsTableSet', data: { seriesId: series.seriesId, points, polePoints } }];
    }
    case 'SetTimetable':
      return setTimetable(series, command);
    case 'LinkRoundRaceEvent':
      return linkRoundRaceEvent(series, command);
    case 'SetBop':
      return setBop(series, command);
    case 'SetTireAllocation': {
      const { actorUserId, roundId, setsPerCar, compound } = command.data;
      requireOrganiser(series, actorUserId, 'set the tire allocation');
      requireRound(series, roundId);
      const before = series.tireAllocations.get(roundId);
      if (before && before.setsPerCar === setsPerCar && before.compound === compound) return [];
      return [{ type: 'TireAllocationSet', data: { seriesId: series.seriesId, roundId, setsPerCar, compound } }];
    }
    case 'RegisterTireSet':
      return registerTireSet(series, command);
    case 'UnregisterTireSet': {
      const { actorTeams, roundId, barcode } = command.data;
      requireRound(series, roundId);
      const registered = series.tireRegister.get(tireRegisterKey(roundId, barcode));
      const teamId = registered ? series.entries.get(registered.entryId)?.teamId : undefined;
      if (!registered || !actorTeams.some((t) => t.teamId === teamId)) throw new NotFoundError(`Barcode ${barcode} is not registered for this round`);
      return [{ type: 'TireSetUnregistered', data: { seriesId: series.seriesId, roundId, entryId: registered.entryId, barcode: registered.barcode } }];
    }
    default:
      return assertNever(command);
  }
}

export const seriesDecider: Decider<SeriesCommand, SeriesEvent, SeriesState> = {
  decide: decideSeries,
  evolve: evolveSeries,
  initialState: initialSeriesState,
  // 3: round days, timetables and the race events they are delivered to; the BoP per round and entry; the tire allocations and register.
  stateVersion: 3,
};
