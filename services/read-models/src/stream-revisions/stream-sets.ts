/**
 * The stream sets of the lists the API answers (see StreamSet): which streams a list spans, read
 * from the read models, so the ETag of a list and its If-Match check change whenever any stream
 * behind the list changes. The HTTP layer names the list; only this module knows its tables.
 */
import { carStream, issueStream, partStream, raceEventStream, seriesStream, runSessionStream, teamStream, tireSetStream, userStream } from '@pitwall/domain';
import { stmt } from '../projection.ts';
import { activeMembership, seriesOfUser } from '../scope.ts';
import { streamNameSql, type StreamSet } from './stream-revisions.ts';

/** The issue streams of car `carId`, or of its race event `raceEventId` only when given. */
export const issueStreamsOf = (carId: number, raceEventId?: number): StreamSet =>
  raceEventId === undefined
    ? { label: `issues-${carStream(carId)}`, members: stmt(`SELECT ${streamNameSql(issueStream, 'id')} AS stream_name FROM issues WHERE car_id = $1`, carId) }
    : {
        label: `issues-${raceEventStream(raceEventId)}`,
        members: stmt(`SELECT ${streamNameSql(issueStream, 'id')} AS stream_name FROM issues WHERE car_id = $1 AND race_event_id = $2`, carId, raceEventId),
      };

/** The race event streams of car `carId`. */
export const raceEventStreamsOf = (carId: number): StreamSet => ({
  label: `raceEvents-${carStream(carId)}`,
  members: stmt(`SELECT ${streamNameSql(raceEventStream, 'id')} AS stream_name FROM race_events WHERE car_id = $1`, carId),
});

/** The run session streams of race event `raceEventId` of car `carId`. */
export const runSessionStreamsOf = (carId: number, raceEventId: number): StreamSet => ({
  label: `sessions-${raceEventStream(raceEventId)}`,
  members: stmt(`SELECT ${streamNameSql(runSessionStream, 'id')} AS stream_name FROM run_sessions WHERE car_id = $1 AND race_event_id = $2`, carId, raceEventId),
});

/** The team streams of the teams where user `userId` is an active member (the teams list). */
export const teamStreamsOfUser = (userId: number): StreamSet => ({
  label: 'teams',
  members: stmt(`SELECT ${streamNameSql(teamStream, 'team_id')} AS stream_name FROM team_members WHERE user_id = $1 AND ${activeMembership('team_members')}`, String(userId)),
});

/**
 * What the members list of team `teamId` answers depends on: the team's stream (roles, colours,
 * display names, active) and each member's user stream (username, a first password awaited).
 */
export const memberStreamsOfTeam = (teamId: number): StreamSet => ({
  label: `members-${teamStream(teamId)}`,
  members: stmt(
    `SELECT ${streamNameSql(teamStream, 'id')} AS stream_name FROM teams WHERE id = $1 UNION ALL SELECT ${streamNameSql(userStream, 'user_id')} FROM team_members WHERE team_id = $1`,
    teamId,
  ),
});

/** The series streams user `userId` organises or has a team in (the series list). */
export const seriesStreamsOfUser = (userId: number): StreamSet => ({
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

/** The parts of team `teamId`, with the sessions their usage comes from. */
export const partStreamsOfTeam = (teamId: number): StreamSet => ({ label: `parts-${teamStream(teamId)}`, members: stmt(partsUsageMembers('$1', 'true'), teamId) });

/** Part `partId` of team `teamId`, with the sessions its usage comes from (the part and its life). */
export const partStreamsOfPart = (teamId: number, partId: number): StreamSet => ({ label: partStream(partId), members: stmt(partsUsageMembers('$1', 'id = $2'), teamId, partId) });

/** The parts fitted to car `carId` now, with the sessions their usage comes from. */
export const partStreamsOfCar = (carId: number): StreamSet => ({
  label: `parts-${carStream(carId)}`,
  members: stmt(partsUsageMembers('(SELECT team_id FROM cars WHERE id = $1)', 'car_id = $1'), carId),
});

/**
 * What tire set answers (their life included) depend on: the set streams of the team `$1` chosen by
 * `setFilter` (SQL on `tire_sets`), and every session and race event stream of that team (a lap
 * edit, a session moved to another set or a track length changes the life).
 */
const tireSetsUsageMembers = (team: string, setFilter: string) =>
  `SELECT ${streamNameSql(tireSetStream, 'id')} AS stream_name FROM tire_sets WHERE team_id = ${team} AND ${setFilter}
   UNION ALL SELECT ${streamNameSql(runSessionStream, 'session_id')} FROM session_usage WHERE team_id = ${team}
   UNION ALL SELECT ${streamNameSql(raceEventStream, 'race_event_id')} FROM session_usage_tracks WHERE team_id = ${team}`;

/** The tire sets of team `teamId`, with the sessions their life comes from. */
export const tireSetStreamsOfTeam = (teamId: number): StreamSet => ({ label: `tireSets-${teamStream(teamId)}`, members: stmt(tireSetsUsageMembers('$1', 'true'), teamId) });

/** Tire set `setId` of team `teamId`, with the sessions its life comes from (the set and its tread measurements). */
export const tireSetStreamsOfSet = (teamId: number, setId: number): StreamSet => ({ label: tireSetStream(setId), members: stmt(tireSetsUsageMembers('$1', 'id = $2'), teamId, setId) });

/**
 * A round's tire register: the series stream (allocation, registrations) and the streams of the
 * tire sets registered at the round (a team reads its sets' names in it).
 */
export const tireRegisterStreams = (seriesId: number, roundId: number): StreamSet => ({
  label: `tireRegister-${seriesStream(seriesId)}-${roundId}`,
  members: stmt(
    `SELECT ${streamNameSql(seriesStream, '$1::integer')} AS stream_name
     UNION ALL SELECT ${streamNameSql(tireSetStream, 'tire_set_id')} FROM series_tire_register WHERE series_id = $1 AND round_id = $2`,
    seriesId, roundId,
  ),
});

/** The tire sets of the team of car `carId`, with the sessions their life comes from. */
const tireSetStreamsOfCarTeam = (carId: number): StreamSet => ({
  label: `tireSets-${carStream(carId)}`,
  members: stmt(tireSetsUsageMembers('(SELECT team_id FROM cars WHERE id = $1)', 'true'), carId),
});

/** Every run session stream of car `carId`, at any race event (the sessions 'At this track' ranks). */
const runSessionStreamsOfCar = (carId: number): StreamSet => ({
  label: `sessions-${carStream(carId)}`,
  members: stmt(`SELECT ${streamNameSql(runSessionStream, 'id')} AS stream_name FROM run_sessions WHERE car_id = $1`, carId),
});

/**
 * The streams of all of `sets` as one set labelled `label` (the parameters of each statement
 * renumbered after those of the ones before it).
 */
function unionOf(label: string, sets: readonly StreamSet[]): StreamSet {
  const params: unknown[] = [];
  const texts = sets.map(({ members }) => {
    const offset = params.length;
    params.push(...members.params);
    return members.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  return { label, members: { text: texts.map((text) => `SELECT stream_name FROM (${text}) AS s`).join(' UNION '), params } };
}

/** The car stream of car `carId` and the stream of the team it belongs to. */
const carAndTeamStreamsOf = (carId: number): StreamSet => ({
  label: carStream(carId),
  members: stmt(`SELECT ${streamNameSql(carStream, 'id')} AS stream_name FROM cars WHERE id = $1 UNION ALL SELECT ${streamNameSql(teamStream, 'team_id')} FROM cars WHERE id = $1`, carId),
});

/** What the car page's view of car `carId` answers depends on: the car's stream and its team's (the units), and the car's parts with their usage. */
export const carViewStreamsOf = (carId: number): StreamSet => unionOf(`view-${carStream(carId)}`, [carAndTeamStreamsOf(carId), partStreamsOfCar(carId)]);

/**
 * What the view of race event `raceEventId` of car `carId` answers depends on: the car's and its
 * team's streams, the car's race events and issues (its own, and the carried-over ones of the
 * earlier race events), every session of the car (the race event's own, and the ones ranked 'At
 * this track' of the race events at its location), the car's parts and the team's tire sets with
 * their usage.
 */
export const raceEventViewStreamsOf = (carId: number, raceEventId: number): StreamSet =>
  unionOf(`view-${raceEventStream(raceEventId)}`, [
    carAndTeamStreamsOf(carId),
    raceEventStreamsOf(carId),
    issueStreamsOf(carId),
    runSessionStreamsOfCar(carId),
    partStreamsOfCar(carId),
    tireSetStreamsOfCarTeam(carId),
  ]);
