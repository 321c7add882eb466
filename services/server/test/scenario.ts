import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '@pitwall/eventstore';
import type { Pitwall } from '../src/composition-root.ts';
import { eventCount, MX5, openEmptyDatabase, setupTeam, startTestPitwall, type client, type DANA, type TestPitwallOptions } from './helpers.ts';

/**
 * given/when/then for the HTTP API, the way services/domain/test/spec.ts is for deciders, so that
 * every `it` builds the state it needs and passes when run alone (`vitest -t "…"`):
 *
 *   const server = testServer(database);              // in the describe: built in beforeAll, closed in afterAll
 *   let team: Team;
 *   beforeEach(async () => (team = await givenTeam(server.pitwall, { car: true })));
 *   it('…', () =>
 *     scenario(server.pitwall)
 *       .given(() => team.api.post(`/api/teams/${team.teamId}/tire-sets`, { name: 'Set 1' }))
 *       .when((res) => team.api.patch(`/api/teams/${team.teamId}/tire-sets/${res.json().id}`, { name: '' }))
 *       .thenAnswers({ status: 400, body: { message: expect.stringMatching(/^name: /) }, appended: 0 }));
 */

/** The signed-in API client of client(): one user's browser. */
export type Api = ReturnType<typeof client>;

/**
 * One Pitwall server for a describe block (one per database in `describe.each(databases)`):
 * started in `beforeAll`, closed in `afterAll` with its blob directory and PostgreSQL schema.
 * Read `.pitwall` inside hooks and tests only (it is not there while the file is collected).
 * Every test sets up its own team from the one inject address, so the per-address team setup
 * and new account limits are raised (`options.env` may set them back to test the limits).
 */
export function testServer(database: { url?: string }, options: TestPitwallOptions = {}): { readonly pitwall: Pitwall } {
  let started: Awaited<ReturnType<typeof startTestPitwall>> | undefined;
  beforeAll(async () => {
    const env = { TEAM_SETUP_LIMIT_PER_ADDRESS: '10000', ACCOUNT_LIMIT_PER_ADDRESS: '10000', ...options.env };
    started = await startTestPitwall(database, { ...options, env });
  });
  afterAll(() => started?.close());
  return {
    get pitwall() {
      if (!started) throw new Error('testServer: the server starts in beforeAll; read .pitwall in a hook or a test');
      return started.pitwall;
    },
  };
}

/** A team set up through the API: its owner's signed-in client, ids, and the car and race event asked for. */
export type Team = {
  api: Api;
  user: Awaited<ReturnType<typeof setupTeam>>['user'];
  teamId: number;
  username: string;
  /** The MX-5 added when `car` (or `raceEvent`) was asked for; reading it otherwise throws. */
  readonly car: { id: number };
  /** A race event on the car (Round 1 at Laguna Seca, 2026-04-01) when `raceEvent` was asked for; reading it otherwise throws. */
  readonly raceEvent: { id: number };
};

let teams = 0;

/**
 * Sets up a fresh team (a unique username, team name and email, so tests on one server never see
 * each other's data) and, when asked, its car (MX5 with `car`'s fields) and a race event on it
 * (`raceEvent` implies the car).
 */
export async function givenTeam(
  pitwall: Pitwall,
  options: { team?: Partial<typeof DANA>; car?: true | Partial<typeof MX5>; raceEvent?: true | Record<string, unknown> } = {},
): Promise<Team> {
  const n = ++teams;
  const username = options.team?.username ?? `owner${n}`;
  const { api, user } = await setupTeam(pitwall, { username, teamName: `Team ${n}`, email: `owner${n}@team.example`, ...options.team });
  let car: { id: number } | undefined;
  let raceEvent: { id: number } | undefined;
  if (options.car || options.raceEvent) car = await created(api.post('/api/cars', { ...MX5, ...(options.car === true ? {} : options.car) }));
  if (car && options.raceEvent) {
    const body = { name: 'Round 1', location: 'Laguna Seca', date: '2026-04-01', trackLength: '3.2 km', ...(options.raceEvent === true ? {} : options.raceEvent) };
    raceEvent = await created(api.post(`/api/cars/${car.id}/events`, body));
  }
  const asked = <T>(value: T | undefined, option: string): T => {
    if (value === undefined) throw new Error(`givenTeam: ask for { ${option}: true } to read team.${option}`);
    return value;
  };
  return {
    api, user, teamId: user.teams[0]!.teamId, username,
    get car() { return asked(car, 'car'); },
    get raceEvent() { return asked(raceEvent, 'raceEvent'); },
  };
}

/** The body of a request that had to create something (201), failing the setup with the answer when it did not. */
export async function created<T = { id: number }>(request: Promise<LightMyRequestResponse>): Promise<T> {
  const res = await request;
  if (res.statusCode !== 201) throw new Error(`expected 201 from setup, got ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** What `thenAnswers` checks: the status, the body (toMatchObject: `expect.stringMatching(/…/)` for a message pattern) and how many events the request appended. */
export type Expected = { status: number; body?: unknown; appended?: number };

/**
 * given (state built through the API) / when (one request) / thenAnswers (its answer, and the events it
 * appended, counted in the whole store: 0 proves a refusal or no-op changed nothing). `thenAnswers`
 * runs all three and answers the response and the given state for further assertions.
 */
export function scenario(pitwall: Pitwall) {
  const whenOn = <S>(given: () => Promise<S>) => ({
    when(request: (state: S) => Promise<LightMyRequestResponse>) {
      return {
        async thenAnswers(expected: Expected): Promise<{ res: LightMyRequestResponse; state: S }> {
          const state = await given();
          const before = await eventCount(pitwall);
          const res = await request(state);
          expect(res.statusCode, res.body).toBe(expected.status);
          if (expected.body !== undefined) expect(res.json()).toMatchObject(expected.body as object);
          if (expected.appended !== undefined) expect(await eventCount(pitwall), 'events appended').toBe(before + expected.appended);
          return { res, state };
        },
      };
    },
  });
  return { given: <S>(build: () => Promise<S>) => whenOn(build), ...whenOn(async () => undefined) };
}

/**
 * An empty database of the test's kind (a fresh schema on PostgreSQL), closed and dropped when the
 * test finishes: the target of a read-model rebuild inside one test.
 */
export async function scratchDatabase(database: { url?: string }): Promise<Database> {
  const { db, close } = await openEmptyDatabase(database);
  onTestFinished(close);
  return db;
}
