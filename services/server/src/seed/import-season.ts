import { flattenSetupSheet, nestSetupSheet } from '@pitwall/contracts';
import { ApiClient, ApiError, isMissingRoute, messageOf, type HttpMethod } from './api-client.ts';
import type { SeasonCar, SeasonFile, SeasonSeries, SeasonSession, SeasonSetupSheet } from './season-file.ts';

/**
 * Imports a season file through the public /api, as the browser app would: team setup (or admin
 * login when the username exists), members, then per car its basic data, setup sub-resources (the
 * setup sheet among them), maintenance dates, checklist, race events with their final drive, own
 * setup sheet, sessions (run sheets) and issues;
 * then each series: its organiser's account creates it with rounds and checklist and makes
 * a join code, with which the team enters and enters its cars.
 *
 * Routes that this server does not have yet (404 'Not found: …') are reported with what could not
 * be imported; any other refusal aborts with the server's message.
 */

/** The parts of a season, in import order. Counts are rows/items, except suspension (one per car). */
export const SEASON_PARTS = [
  'members',
  'cars',
  'gear ratios',
  'suspension',
  'tire pressures',
  'tire pressure targets',
  'setup sheets',
  'maintenance dates',
  'checklist items',
  'tire sets',
  'tread measurements',
  'race events',
  'final drive ratios',
  'race event setup sheets',
  'race event suspension',
  'sessions',
  'lap times',
  'session tire pressures',
  'issues',
  'parts',
  'series',
  'series rounds',
  'scrutineering items',
  'series entries',
] as const;
export type SeasonPart = (typeof SEASON_PARTS)[number];

/** The route that imports each part, as a template (the paths of docs/product.md, 'API'). */
export const PART_ROUTES: Record<SeasonPart, { method: HttpMethod; path: string }> = {
  members: { method: 'POST', path: '/api/teams/{teamId}/members' },
  cars: { method: 'POST', path: '/api/cars' },
  'gear ratios': { method: 'PUT', path: '/api/cars/{carId}/gear-ratios' },
  suspension: { method: 'PUT', path: '/api/cars/{carId}/suspension' },
  'tire pressures': { method: 'PUT', path: '/api/cars/{carId}/tire-pressures' },
  'tire pressure targets': { method: 'PUT', path: '/api/cars/{carId}/tire-pressure-targets' },
  'setup sheets': { method: 'PUT', path: '/api/cars/{carId}/setup-sheet' },
  'maintenance dates': { method: 'PUT', path: '/api/cars/{id}' },
  'checklist items': { method: 'POST', path: '/api/cars/{carId}/checklist' },
  'tire sets': { method: 'POST', path: '/api/teams/{teamId}/tire-sets' },
  'tread measurements': { method: 'POST', path: '/api/teams/{teamId}/tire-sets/{setId}/tread' },
  'race events': { method: 'POST', path: '/api/cars/{carId}/events' },
  'final drive ratios': { method: 'PATCH', path: '/api/cars/{carId}/events/{eventId}' },
  'race event setup sheets': { method: 'PUT', path: '/api/cars/{carId}/events/{eventId}/setup-sheet' },
  'race event suspension': { method: 'PUT', path: '/api/cars/{carId}/suspension?eventId={eventId}' },
  sessions: { method: 'POST', path: '/api/cars/{carId}/events/{eventId}/sessions' },
  'lap times': { method: 'PUT', path: '/api/cars/{carId}/events/{eventId}/sessions/{sessionId}/laps' },
  'session tire pressures': { method: 'PUT', path: '/api/cars/{carId}/events/{eventId}/sessions/{sessionId}/tire-pressures' },
  issues: { method: 'POST', path: '/api/cars/{carId}/issues' },
  parts: { method: 'POST', path: '/api/teams/{teamId}/parts' },
  series: { method: 'POST', path: '/api/series' },
  'series rounds': { method: 'POST', path: '/api/series/{seriesId}/rounds' },
  'scrutineering items': { method: 'PUT', path: '/api/series/{seriesId}/scrutineering-items' },
  'series entries': { method: 'POST', path: '/api/series/{seriesId}/entries' },
};

/** A part (or some of it) that the server could not take: its count and why. */
interface NotImported {
  part: SeasonPart;
  count: number;
  /** The route that is missing: the part's own, or the one of what it depends on (issues → race events). */
  route: string;
  reason: string;
}

/** Items left alone on purpose (already there from an earlier import). */
interface Skipped {
  part: SeasonPart;
  count: number;
  reason: string;
}

/** What an import did. `imported` counts what the server accepted, per part. */
export interface ImportReport {
  baseUrl: string;
  team: { id: number; name: string };
  signedInAs: string;
  /** True when this import set the team up; false when it signed in to an existing one. */
  teamCreated: boolean;
  imported: Record<SeasonPart, number>;
  skipped: Skipped[];
  notImported: NotImported[];
}

/** The import stopped: the server refused something for a reason other than a missing route. */
export class ImportAbortedError extends Error {
  override name = 'ImportAbortedError';
  constructor(
    message: string,
    /** What had been imported before the abort. */
    readonly partial: ImportReport,
  ) {
    super(message);
  }
}

export interface ImportOptions {
  /** The server's origin, e.g. 'http://localhost:3000'. */
  baseUrl: string;
  /** Progress lines (one per car, member batch, …); silent when omitted. */
  log?: (line: string) => void;
}

interface SignedInUser {
  username: string;
  teams: { teamId: number; teamName: string; role: string }[];
}
interface CarAnswer {
  id: number;
  teamId: number;
  name: string;
  [field: string]: unknown;
}

const emptyCounts = (): Record<SeasonPart, number> => Object.fromEntries(SEASON_PARTS.map((p) => [p, 0])) as Record<SeasonPart, number>;

/**
 * The PUT body of a season file's setup sheet: every field of the sheet in the API's nested shape,
 * null where the file leaves it out (for a race event: inherited from the car's sheet). The field
 * list and both shapes are @pitwall/contracts' (flattenSetupSheet, nestSetupSheet).
 */
const sheetBody = (sheet: SeasonSetupSheet) => nestSetupSheet(flattenSetupSheet(sheet));

const routeLabel = (part: SeasonPart) => `${PART_ROUTES[part].method} ${PART_ROUTES[part].path}`;

/** One import run: the session, the report being built, and which routes turned out to be missing. */
class SeasonImport {
  readonly api: ApiClient;
  readonly report: ImportReport;
  private readonly log: (line: string) => void;
  private readonly missing = new Set<SeasonPart>();
  /** Member ids of the team by username (for session drivers), read once after the members import. */
  private memberIds: Map<string, number> | null = null;

  constructor(options: ImportOptions) {
    this.api = new ApiClient(options.baseUrl);
    this.log = options.log ?? (() => {});
    this.report = { baseUrl: this.api.baseUrl, team: { id: 0, name: '' }, signedInAs: '', teamCreated: false, imported: emptyCounts(), skipped: [], notImported: [] };
  }

  private abort(context: string, error: ApiError): never {
    throw new ImportAbortedError(`${context}: ${error.message}`, this.report);
  }

  private addNotImported(part: SeasonPart, count: number, route: string, reason: string): void {
    if (count === 0) return;
    const entry = this.report.notImported.find((n) => n.part === part && n.reason === reason);
    if (entry) entry.count += count;
    else this.report.notImported.push({ part, count, route, reason });
  }

  /** Records `count` items of `part` as not imported because `dependency` could not be imported. */
  notImportedWith(part: SeasonPart, count: number, dependency: SeasonPart): void {
    this.addNotImported(part, count, routeLabel(dependency), `their ${dependency} could not be imported (${routeLabel(dependency)} is not available yet)`);
  }

  skip(part: SeasonPart, count: number, reason: string): void {
    if (count > 0) this.report.skipped.push({ part, count, reason });
  }

  /**
   * Sends one request that imports `count` items of `part`. Answers the body on 2xx, or undefined
   * when the route does not exist (recorded, and later items of the part are not sent).
   * @throws ImportAbortedError on any other non-2xx answer, naming `context` and the server's message.
   */
  async send<T>(part: SeasonPart, count: number, context: string, path: string, body: unknown, api: ApiClient = this.api): Promise<T | undefined> {
    if (this.missing.has(part)) {
      this.addNotImported(part, count, routeLabel(part), `${routeLabel(part)} is not available yet`);
      return undefined;
    }
    const { method } = PART_ROUTES[part];
    const answer = await api.request(method, path, body);
    if (isMissingRoute(answer)) {
      this.missing.add(part);
      this.log(`  ${routeLabel(part)} is not available on this server: ${part} will be reported as not imported`);
      this.addNotImported(part, count, routeLabel(part), `${routeLabel(part)} is not available yet`);
      return undefined;
    }
    if (answer.status < 200 || answer.status > 299) this.abort(context, new ApiError(method, path, answer.status, messageOf(answer)));
    this.report.imported[part] += count;
    return answer.body as T;
  }

  /**
   * Sets an account up with its team through `api`, or signs in through Admin Login when the
   * username is taken (a re-run). Answers the signed-in user and whether the team was set up now.
   */
  private async signInAccount(api: ApiClient, setup: SeasonFile['setup']): Promise<{ user: SignedInUser; created: boolean }> {
    const answer = await api.request('POST', '/api/auth/setup-team', setup);
    if (answer.status === 201 || answer.status === 200) {
      this.log(`Team '${setup.teamName}' set up; signed in as ${setup.username}`);
      return { user: answer.body as SignedInUser, created: true };
    }
    if (answer.status !== 409) this.abort('Team setup', new ApiError('POST', '/api/auth/setup-team', answer.status, messageOf(answer)));
    try {
      const user = await api.call<SignedInUser>('POST', '/api/auth/login', { username: setup.username, password: setup.password, loginType: 'admin' });
      this.log(`Username '${setup.username}' exists: signed in through Admin Login`);
      return { user, created: false };
    } catch (error) {
      if (error instanceof ApiError) this.abort(`Username '${setup.username}' exists; signing in as the admin`, error);
      throw error;
    }
  }

  /** Sets the team up, or signs in as its owner when the username is taken (a re-run). */
  async signIn(season: SeasonFile): Promise<void> {
    const { setup } = season;
    const { user, created } = await this.signInAccount(this.api, setup);
    this.report.teamCreated = created;
    const team = user.teams.find((t) => t.teamName === setup.teamName) ?? user.teams.find((t) => t.role === 'owner') ?? user.teams[0];
    if (!team) throw new ImportAbortedError(`${setup.username} is signed in but belongs to no team`, this.report);
    this.report.team = { id: team.teamId, name: team.teamName };
    this.report.signedInAs = user.username;
  }

  /**
   * One series: the organiser (its own session) creates it with its rounds and checklist and makes
   * a join code; the team enters with the code and enters its cars (found by name). A series the
   * organiser already has (same name and season) is skipped with everything under it.
   */
  async importSeries(series: SeasonSeries): Promise<void> {
    const label = `Series '${series.name}'`;
    const organiser = new ApiClient(this.api.baseUrl);
    await this.signInAccount(organiser, series.organiser);
    const existing = await organiser.request('GET', '/api/series');
    if (existing.status === 200 && (existing.body as { name: string; season: string }[]).some((s) => s.name === series.name && s.season === series.season)) {
      this.skip('series', 1, `${label} ${series.season} already exists (left as it is, with its rounds and entries)`);
      return;
    }
    const { name, season, classes } = series;
    const created = await this.send<{ id: number }>('series', 1, label, '/api/series', { name, season, classes }, organiser);
    if (!created) {
      this.notImportedWith('series rounds', series.rounds.length, 'series');
      this.notImportedWith('scrutineering items', series.scrutineeringItems.length, 'series');
      this.notImportedWith('series entries', series.entries.length, 'series');
      return;
    }
    const base = `/api/series/${created.id}`;
    this.log(`${label} created by ${series.organiser.username} (id ${created.id})`);
    for (const round of series.rounds) await this.send('series rounds', 1, `${label} round '${round.name}'`, `${base}/rounds`, { ...round, date: round.date.slice(0, 10) }, organiser);
    if (series.scrutineeringItems.length) {
      const items = series.scrutineeringItems.map((title) => ({ title }));
      await this.send('scrutineering items', items.length, `${label} checklist`, `${base}/scrutineering-items`, { items }, organiser);
    }
    if (series.entries.length === 0) return;
    let cars: CarAnswer[];
    try {
      const { code } = await organiser.call<{ code: string }>('POST', `${base}/join-codes`);
      await this.api.call('POST', `/api/teams/${this.report.team.id}/series`, { code });
      cars = await this.api.call<CarAnswer[]>('GET', '/api/cars');
    } catch (error) {
      if (error instanceof ApiError) this.abort(`${label}: entering team '${this.report.team.name}' with a join code`, error);
      throw error;
    }
    for (const entry of series.entries) {
      const car = cars.find((c) => c.name === entry.car && c.teamId === this.report.team.id);
      if (!car) throw new ImportAbortedError(`${label} entry #${entry.number}: no car named '${entry.car}' in team '${this.report.team.name}'`, this.report);
      await this.send('series entries', 1, `${label} entry #${entry.number} '${entry.car}'`, `${base}/entries`, { carId: car.id, class: entry.class, number: entry.number });
    }
  }

  async importMembers(season: SeasonFile): Promise<void> {
    const teamId = this.report.team.id;
    for (const member of season.members) {
      const path = `/api/teams/${teamId}/members`;
      if (this.missing.has('members')) {
        await this.send('members', 1, '', path, member);
        continue;
      }
      const answer = await this.api.request('POST', path, member);
      if (answer.status === 409) {
        this.skip('members', 1, `'${member.username}': ${messageOf(answer)}`);
        continue;
      }
      if (isMissingRoute(answer)) {
        this.missing.add('members');
        this.addNotImported('members', 1, routeLabel('members'), `${routeLabel('members')} is not available yet`);
        continue;
      }
      if (answer.status < 200 || answer.status > 299) this.abort(`Member '${member.username}'`, new ApiError('POST', path, answer.status, messageOf(answer)));
      this.report.imported.members += 1;
    }
    if (this.report.imported.members) this.log(`Members: ${this.report.imported.members} added`);
  }

  async importCar(entry: SeasonCar, existing: CarAnswer[]): Promise<void> {
    const label = `Car '${entry.car.name}'`;
    if (existing.some((c) => c.name === entry.car.name && c.teamId === this.report.team.id)) {
      this.skip('cars', 1, `${label} is already in team '${this.report.team.name}' (left as it is, with its setup, events and issues)`);
      this.log(`${label} already exists: skipped`);
      return;
    }
    const car = await this.send<CarAnswer>('cars', 1, label, '/api/cars', { ...entry.car, teamId: this.report.team.id });
    if (!car) {
      // Without the car nothing under it can be imported.
      this.notImportedWith('gear ratios', entry.gearRatios.length, 'cars');
      this.notImportedWith('suspension', entry.suspension ? 1 : 0, 'cars');
      this.notImportedWith('tire pressures', entry.tirePressures?.items.length ?? 0, 'cars');
      this.notImportedWith('tire pressure targets', entry.tirePressureTargets ? 1 : 0, 'cars');
      this.notImportedWith('setup sheets', entry.setupSheet ? 1 : 0, 'cars');
      this.notImportedWith('race event setup sheets', entry.events.filter((e) => e.setupSheet).length, 'cars');
      this.notImportedWith('maintenance dates', Object.values(entry.maintenance).filter((d) => d != null).length, 'cars');
      this.notImportedWith('checklist items', entry.checklist.length, 'cars');
      this.notImportedWith('race events', entry.events.length, 'cars');
      this.notImportedWith('final drive ratios', entry.events.filter((e) => e.finalDriveRatio).length, 'cars');
      this.notImportedWith('issues', entry.events.reduce((n, e) => n + e.issues.length, 0), 'cars');
      this.notImportedWith('sessions', entry.events.reduce((n, e) => n + e.sessions.length, 0), 'cars');
      this.notImportedWith('parts', entry.parts.length, 'cars');
      this.notImportedWith('tire sets', entry.tireSets.length, 'cars');
      this.notImportedWith('tread measurements', entry.tireSets.reduce((n, t) => n + t.treadMeasurements.length, 0), 'cars');
      return;
    }
    const carId = car.id;
    const base = `/api/cars/${carId}`;
    this.log(`${label} added (id ${carId})`);

    if (entry.gearRatios.length) {
      await this.send('gear ratios', entry.gearRatios.length, `${label} gear ratios`, `${base}/gear-ratios`, entry.gearRatios.map((row) => ({ carId, ...row })));
    }
    if (entry.suspension) {
      await this.send('suspension', 1, `${label} suspension`, `${base}/suspension`, { carId, ...entry.suspension });
    }
    if (entry.tirePressures) {
      const { items, notes } = entry.tirePressures;
      await this.send('tire pressures', items.length, `${label} tire pressures`, `${base}/tire-pressures`, { items: items.map((row) => ({ carId, ...row })), notes });
    }
    if (entry.tirePressureTargets) {
      await this.send('tire pressure targets', 1, `${label} target hot pressures`, `${base}/tire-pressure-targets`, entry.tirePressureTargets);
    }
    if (entry.setupSheet) {
      await this.send('setup sheets', 1, `${label} setup sheet`, `${base}/setup-sheet`, sheetBody(entry.setupSheet));
    }
    const dates = Object.entries(entry.maintenance).filter(([, date]) => date !== undefined);
    if (dates.length) {
      // The whole car object back, with the date fields replaced (PUT /api/cars/{id}, docs/product.md, 'API').
      const recorded = dates.filter(([, date]) => date !== null).length;
      await this.send('maintenance dates', recorded, `${label} maintenance dates`, base, { ...car, ...Object.fromEntries(dates) });
    }
    for (const item of entry.checklist) {
      await this.send('checklist items', 1, `${label} checklist item '${item.title}'`, `${base}/checklist`, item);
    }
    const tireSetIds = await this.importTireSets(label, carId, entry.tireSets);
    for (const raceEvent of entry.events) {
      const { issues, sessions, finalDriveRatio, finalDriveNotes, setupSheet, ...fields } = raceEvent;
      const eventLabel = `${label} race event '${raceEvent.name}'`;
      const created = await this.send<{ id: number }>('race events', 1, eventLabel, `${base}/events`, { carId, ...fields });
      if (!created) {
        this.notImportedWith('final drive ratios', finalDriveRatio ? 1 : 0, 'race events');
        this.notImportedWith('race event setup sheets', setupSheet ? 1 : 0, 'race events');
        this.notImportedWith('issues', issues.length, 'race events');
        this.notImportedWith('sessions', sessions.length, 'race events');
        continue;
      }
      if (finalDriveRatio) {
        await this.send('final drive ratios', 1, `${eventLabel} final drive`, `${base}/events/${created.id}`, { finalDriveRatio, finalDriveNotes: finalDriveNotes ?? null });
      }
      if (setupSheet) {
        // Before the sessions, so they run on it; its blank fields inherit the car's.
        await this.send('race event setup sheets', 1, `${eventLabel} setup sheet`, `${base}/events/${created.id}/setup-sheet`, sheetBody(setupSheet));
      }
      for (const session of sessions) await this.importSession(carId, created.id, eventLabel, session, tireSetIds);
      for (const issue of issues) {
        await this.send('issues', 1, `${eventLabel} issue '${issue.title}'`, `${base}/issues`, { carId, eventId: created.id, ...issue });
      }
    }
    for (const { fittedAt, ...part } of entry.parts) {
      await this.send('parts', 1, `${label} part '${part.name}'`, `/api/teams/${this.report.team.id}/parts`, { ...part, carId, fittedAt });
    }
  }

  /** The team's member id of `username`; null when no member has it (the session is imported without a driver). */
  private async memberId(username: string): Promise<number | null> {
    if (!this.memberIds) {
      const members = await this.api.call<{ id: number; username: string | null }[]>('GET', `/api/teams/${this.report.team.id}/members`);
      this.memberIds = new Map(members.filter((m) => m.username !== null).map((m) => [m.username!, m.id]));
    }
    return this.memberIds.get(username) ?? null;
  }

  /** The car's tire sets (on the car, or in the store) and their tread measurements; answers the ids of those created, by name. */
  async importTireSets(carLabel: string, carId: number, sets: SeasonCar['tireSets']): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const path = `/api/teams/${this.report.team.id}/tire-sets`;
    for (const { treadMeasurements, inStore, ...set } of sets) {
      const label = `${carLabel} tire set '${set.name}'`;
      const created = await this.send<{ id: number }>('tire sets', 1, label, path, { ...set, carId: inStore ? null : carId });
      if (!created) {
        this.notImportedWith('tread measurements', treadMeasurements.length, 'tire sets');
        continue;
      }
      ids.set(set.name, created.id);
      for (const measurement of treadMeasurements) await this.send('tread measurements', 1, `${label} tread measurement`, `${path}/${created.id}/tread`, measurement);
    }
    return ids;
  }

  /**
   * A session of a race event: the setup change made before it, the session (on the car's tire set
   * named `tireSetName`, from `tireSetIds`; none when it was not imported), its laps and its tire pressures.
   */
  async importSession(carId: number, raceEventId: number, eventLabel: string, entry: SeasonSession, tireSetIds: ReadonlyMap<string, number>): Promise<void> {
    const { driver, setupBefore, tirePressures, laps, tireSetName, ...fields } = entry;
    const details = { ...fields, tireSetId: tireSetName ? (tireSetIds.get(tireSetName) ?? null) : null };
    const label = `${eventLabel} session '${entry.name}'`;
    const base = `/api/cars/${carId}`;
    if (setupBefore) await this.send('race event suspension', 1, `${label} suspension before it`, `${base}/suspension?eventId=${raceEventId}`, { carId, ...setupBefore.suspension });
    const driverMemberId = driver ? await this.memberId(driver) : null;
    const path = `${base}/events/${raceEventId}/sessions`;
    const created = await this.send<{ id: number }>('sessions', 1, label, path, { ...details, driverMemberId });
    if (!created) {
      this.notImportedWith('lap times', laps.length, 'sessions');
      this.notImportedWith('session tire pressures', tirePressures ? 1 : 0, 'sessions');
      return;
    }
    if (laps.length) await this.send('lap times', laps.length, `${label} lap times`, `${path}/${created.id}/laps`, { laps });
    if (tirePressures) await this.send('session tire pressures', 1, `${label} tire pressures`, `${path}/${created.id}/tire-pressures`, tirePressures);
  }
}

/**
 * Imports `season` into the Pitwall at `options.baseUrl` through its public HTTP API.
 * Safe to run twice: the second run signs in (Admin Login) and skips cars already in the team by name
 * and series the organiser already has by name and season.
 * @returns the report: what was imported per part, what was skipped, and what this server could not take.
 * @throws ImportAbortedError when the server refuses something other than with a missing route
 *   (the message names the item, the request and the server's message); ApiUnreachableError when
 *   the server does not answer.
 */
export async function importSeason(season: SeasonFile, options: ImportOptions): Promise<ImportReport> {
  const run = new SeasonImport(options);
  await run.signIn(season);
  await run.importMembers(season);
  let existing: CarAnswer[];
  try {
    existing = await run.api.call<CarAnswer[]>('GET', '/api/cars');
  } catch (error) {
    if (error instanceof ApiError) throw new ImportAbortedError(`Listing the team's cars: ${error.message}`, run.report);
    throw error;
  }
  for (const entry of season.cars) await run.importCar(entry, existing);
  for (const series of season.series) await run.importSeries(series);
  return run.report;
}

/**
 * The report as lines for people: one per part imported, then each skip and each part not
 * imported, e.g. "members: 3 not imported — POST /api/teams/{teamId}/members is not available yet".
 */
export function formatReport(report: ImportReport): string[] {
  const lines = [
    report.signedInAs
      ? `${report.teamCreated ? 'Set up' : 'Signed in to'} team '${report.team.name}' (id ${report.team.id}) at ${report.baseUrl} as ${report.signedInAs}`
      : `Not signed in to ${report.baseUrl}`,
  ];
  const imported = SEASON_PARTS.filter((p) => report.imported[p] > 0).map((p) => `${p} ${report.imported[p]}`);
  lines.push(`Imported: ${imported.length ? imported.join(', ') : 'nothing new'}`);
  for (const s of report.skipped) lines.push(`Skipped ${s.part}: ${s.count} — ${s.reason}`);
  for (const n of report.notImported) lines.push(`${n.part}: ${n.count} not imported — ${n.reason}`);
  return lines;
}
