import type { FastifyRequest } from 'fastify';
import {
  issueStreamsOf,
  memberStreamsOfTeam,
  partStreamsOfCar,
  partStreamsOfPart,
  partStreamsOfTeam,
  raceEventStreamsOf,
  runSessionStreamsOf,
  seriesStreamsOfUser,
  teamStreamsOfUser,
  tireSetStreamsOfSet,
  tireSetStreamsOfTeam,
  tireRegisterStreams,
  type StreamSet,
} from '@pitwall/read-models';
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

/** The issue streams of a car, or of one race event of it (the path's `eventId`). */
export const issuesOf = ({ carId, eventId: raceEventId }: Params): StreamSet => issueStreamsOf(carId!, raceEventId);

/** The race event streams of a car. */
export const raceEventsOf = ({ carId }: Params): StreamSet => raceEventStreamsOf(carId!);

/** The session streams of a race event of a car (the path's `eventId`). */
export const sessionsOf = ({ carId, eventId: raceEventId }: Params): StreamSet => runSessionStreamsOf(carId!, raceEventId!);

/** The team streams of the teams where the caller is an active member (GET /api/teams). */
export const teamsOfUser = (_: Params, userId: number): StreamSet => teamStreamsOfUser(userId);

/** The members of a team with their accounts (GET /api/teams/{teamId}/members). */
export const membersOfTeam = ({ teamId }: Params): StreamSet => memberStreamsOfTeam(teamId!);

/** The series streams the caller organises or has a team in (GET /api/series). */
export const seriesOfCaller = (_: Params, userId: number): StreamSet => seriesStreamsOfUser(userId);

/** The parts of a team, with the sessions their usage comes from (GET /api/teams/{teamId}/parts). */
export const partsOfTeam = ({ teamId }: Params): StreamSet => partStreamsOfTeam(teamId!);

/** One part, with the sessions its usage comes from (the part and its life). */
export const partOfTeam = ({ teamId, partId }: Params): StreamSet => partStreamsOfPart(teamId!, partId!);

/** The parts fitted to a car now, with the sessions their usage comes from (GET /api/cars/{carId}/parts). */
export const partsOfCar = ({ carId }: Params): StreamSet => partStreamsOfCar(carId!);

/** The tire sets of a team, with the sessions their life comes from (GET /api/teams/{teamId}/tire-sets). */
export const tireSetsOfTeam = ({ teamId }: Params): StreamSet => tireSetStreamsOfTeam(teamId!);

/** A round's tire register: the series and the tire sets registered at the round. */
export const tireRegisterOfRound = ({ seriesId, roundId }: Params): StreamSet => tireRegisterStreams(seriesId!, roundId!);

/** One tire set, with the sessions its life comes from (the set and its tread measurements). */
export const tireSetOfTeam = ({ teamId, setId }: Params): StreamSet => tireSetStreamsOfSet(teamId!, setId!);
