import type { FastifyRequest } from 'fastify';
import { carStream, issueStream, partStream, raceEventStream, seriesStream, runSessionStream, teamStream, tireSetStream } from '@pitwall/domain';
import { seriesOfUser, stmt, streamNameSql, type StreamSet } from '@pitwall/read-models';
import { userIdOf } from '../identity/auth-plugin.ts';

/** Where a resource lives: one stream, or the streams of a list (see StreamSet). */
export type ResourceScope = { stream: string } | StreamSet;

/**
 * A route's resource for the ETags, given as the route's `config.etag`: the scope of
 * its resource and, for a PUT/PATCH/DELETE, the URL of the GET whose answer is its
 * representation (a 412's body), when that is not the request's own URL.
 */
export interface EtagRoute {
  scope(request: FastifyRequest): ResourceScope;
  representation?(request: FastifyRequest): string;
  /**
   * The list a one-stream resource is read through (a session through its race event's session
   * list): a change of it also accepts that list's current ETag as If-Match, so a form opened on
   * the list is based on a version the server knows.
   */
  memberOf?(request: FastifyRequest): StreamSet;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's resource for the ETag / If-Match handling; without one no If-Match is checked (a GET may still set `request.etag` itself). */
    etag?: EtagRoute;
  }
}

type Params = Record<string, number>;
const paramsOf = (request: FastifyRequest) => request.params as Params;

/** A resource in one stream, named from the route's (parsed) params; `memberOf`: the list it is read through (see EtagRoute.memberOf). */
export const inStream = (streamOf: (params: Params) => string, representation?: (params: Params) => string, memberOf?: (params: Params) => StreamSet): EtagRoute => ({
  scope: (request) => ({ stream: streamOf(paramsOf(request)) }),
  ...(representation ? { representation: (request) => representation(paramsOf(request)) } : {}),
  ...(memberOf ? { memberOf: (request) => memberOf(paramsOf(request)) } : {}),
});

/** A list spanning several streams, chosen from the read models by the route's params and the caller. */
export const inStreams = (setOf: (params: Params, userId: number) => StreamSet, representation?: (params: Params) => string): EtagRoute => ({
  scope: (request) => setOf(paramsOf(request), userIdOf(request)),
  ...(representation ? { representation: (request) => representation(paramsOf(request)) } : {}),
});

/** The issue streams of a car, or of one race event of it. */
export const issuesOf = ({ carId, eventId }: Params): StreamSet =>
  eventId === undefined
    ? { label: `issues-${carStream(carId!)}`, members: stmt(`SELECT ${streamNameSql(issueStream, 'id')} AS stream_name FROM issues WHERE car_id = $1`, carId) }
    : { label: `issues-${raceEventStream(eventId)}`, members: stmt(`SELECT ${streamNameSql(issueStream, 'id')} AS stream_name FROM issues WHERE car_id = $1 AND event_id = $2`, carId, eventId) };

/** The race event streams of a car. */
export const raceEventsOf = ({ carId }: Params): StreamSet => ({
  label: `raceEvents-${carStream(carId!)}`,
  members: stmt(`SELECT ${streamNameSql(raceEventStream, 'id')} AS stream_name FROM race_events WHERE car_id = $1`, carId),
});

/** The session streams of a race event of a car. */
export const sessionsOf = ({ carId, eventId }: Params): StreamSet => ({
  label: `sessions-${raceEventStream(eventId!)}`,
  members: stmt(`SELECT ${streamNameSql(runSessionStream, 'id')} AS stream_name FROM run_sessions WHERE car_id = $1 AND event_id = $2`, carId, eventId),
});

/** The team streams of the teams where the caller is an active member (GET /api/teams). */
export const teamsOfUser = (_: Params, userId: number): StreamSet => ({
  label: 'teams',
  members: stmt(`SELECT ${streamNameSql(teamStream, 'team_id')} AS stream_name FROM team_members WHERE user_id = $1 AND is_active`, String(userId)),
});

/** The series streams the caller organises or has a team in (GET /api/series). */
export const seriesOfCaller = (_: Params, userId: number): StreamSet => ({
  label: 'series',
  members: stmt(`SELECT ${streamNameSql(seriesStream, 's.id')} AS stream_name FROM series s WHERE ${seriesOfUser('s.id', '$1')}`, String(userId)),
});

/**
 * What parts answer (their usage included) depends on: the part streams of the team `team` (SQL
 * giving its id) chosen by `partFilter` (SQL on `parts`), and every session and race event stream
 * of that team (a lap edit, a deleted session or a track length changes the usage).
 */
const partsUsageMembers = (team: string, partFilter: string) =>
  `SELECT ${streamNameSql(partStream, 'id')} AS stream_name FROM parts WHERE team_id = ${team} AND ${partFilter}
   UNION ALL SELECT ${streamNameSql(runSessionStream, 'session_id')} FROM session_usage WHERE team_id = ${team}
   UNION ALL SELECT ${streamNameSql(raceEventStream, 'race_event_id')} FROM session_usage_tracks WHERE team_id = ${team}`;

/** The parts of a team, with the sessions their usage comes from (GET /api/teams/{teamId}/parts). */
export const partsOfTeam = ({ teamId }: Params): StreamSet => ({ label: `parts-${teamStream(teamId!)}`, members: stmt(partsUsageMembers('$1', 'true'), teamId) });

/** One part, with the sessions its usage comes from (the part and its life). */
export const partOfTeam = ({ teamId, partId }: Params): StreamSet => ({ label: partStream(partId!), members: stmt(partsUsageMembers('$1', 'id = $2'), teamId, partId) });

/** The parts fitted to a car now, with the sessions their usage comes from (GET /api/cars/{carId}/parts). */
export const partsOfCar = ({ carId }: Params): StreamSet => ({
  label: `parts-${carStream(carId!)}`,
  members: stmt(partsUsageMembers('(SELECT team_id FROM cars WHERE id = $1)', 'car_id = $1'), carId),
});

/**
 * What tyre set answers (their life included) depend on: the set streams of the team `$1` chosen by
 * `setFilter` (SQL on `tire_sets`), and every session and race event stream of that team (a lap
 * edit, a session moved to another set or a track length changes the life).
 */
const tireSetsUsageMembers = (setFilter: string) =>
  `SELECT ${streamNameSql(tireSetStream, 'id')} AS stream_name FROM tire_sets WHERE team_id = $1 AND ${setFilter}
   UNION ALL SELECT ${streamNameSql(runSessionStream, 'session_id')} FROM session_usage WHERE team_id = $1
   UNION ALL SELECT ${streamNameSql(raceEventStream, 'race_event_id')} FROM session_usage_tracks WHERE team_id = $1`;

/** The tyre sets of a team, with the sessions their life comes from (GET /api/teams/{teamId}/tire-sets). */
export const tireSetsOfTeam = ({ teamId }: Params): StreamSet => ({ label: `tireSets-${teamStream(teamId!)}`, members: stmt(tireSetsUsageMembers('true'), teamId) });

/** One tyre set, with the sessions its life comes from (the set and its tread measurements). */
export const tireSetOfTeam = ({ teamId, setId }: Params): StreamSet => ({ label: tireSetStream(setId!), members: stmt(tireSetsUsageMembers('id = $2'), teamId, setId) });
