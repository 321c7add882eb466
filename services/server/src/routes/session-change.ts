import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorAnswer, idParam, type Car, type RunSession } from '@pitwall/contracts';
import { NotFoundError, runSessionDecider, runSessionStream, ValidationError, type RunSessionCommand } from '@pitwall/domain';
import { findSession, listMembers, listTireSetsWithLife } from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';
import { requireCar, runCommandForCar } from './car-access.ts';
import { inStream, sessionsOf } from '../etag/resource-scopes.ts';

/**
 * What the routes that change one part of a session share (the stints, the fuel at the end, the
 * pit stops): its params, its ETag config, the tenancy-checked change that answers the session, and
 * the check of the drivers and tire sets a change names.
 */

/** Params of …/events/{eventId}/sessions/{sessionId}. */
export const SessionParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId'), sessionId: idParam('sessionId') });
export type SessionParams = z.infer<typeof SessionParams>;
/** The error answers of a change of a session. */
export const sessionChangeErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

const sessionUrl = (p: Record<string, number>) => `/api/cars/${p.carId}/events/${p.eventId}/sessions/${p.sessionId}`;
/** The ETag config of a change of a session: its stream's revision; If-Match against it; the session's GET as its representation. */
export const sessionEtag = () => ({ etag: inStream((p) => runSessionStream(p.sessionId!), sessionUrl, sessionsOf) });

/**
 * Checks tenancy (404 'Car not found' / 'Session not found': another team's is a missing one), runs
 * `check` on the car and the session as it is, then the command (a function: made once the checks
 * passed, e.g. after allocating an id) on the session's stream, and answers the session as it is now.
 */
export async function changeSession(
  deps: AppDeps,
  request: FastifyRequest,
  params: SessionParams,
  command: RunSessionCommand | (() => Promise<RunSessionCommand>),
  check?: (car: Car, session: RunSession) => Promise<void>,
): Promise<RunSession> {
  const { carId, eventId: raceEventId, sessionId } = params;
  const car = await requireCar(deps, request, carId);
  const session = await findSession(deps.db, carId, sessionId, raceEventId);
  if (!session) throw new NotFoundError('Session not found');
  await check?.(car, session);
  await runCommandForCar(deps, request, car, runSessionDecider, runSessionStream(sessionId), typeof command === 'function' ? await command() : command);
  return (await findSession(deps.db, carId, sessionId, raceEventId))!;
}

/** The ids of the active members of team `teamId` (the drivers a stint, a stop or a plan may name). */
export async function activeMemberIds(deps: AppDeps, teamId: number): Promise<Set<number>> {
  return new Set((await listMembers(deps.db, teamId)).filter((m) => m.isActive).map((m) => m.id));
}

/** The tire sets a session already names (the one it started on, its stints' and its stops'): a set scrapped since does not block correcting them. */
export const tireSetsOfSession = (session: RunSession): Set<number> =>
  new Set([session.tireSetId, ...session.stints.map((s) => s.tireSetId), ...session.pitStops.map((s) => s.tireSetId)].filter((id): id is number => id !== null));

/** A driver and a tire set a change names (null: none), `at` the path of their fields in the body ('' for the body itself, 'stints[2].'). */
export interface SessionReference {
  at: string;
  driverMemberId: number | null;
  tireSetId: number | null;
}

/**
 * Throws unless every reference may be stored for a session of `car`: ValidationError
 * `{at}driverMemberId` for a driver who is not an active member of the car's team; NotFoundError
 * 'Tire set not found' for a set that is not the team's, ValidationError `{at}tireSetId` for a
 * scrapped one. A set in `known` (tireSetsOfSession) is not checked again.
 */
export async function requireSessionReferences(deps: AppDeps, car: Car, references: readonly SessionReference[], known: ReadonlySet<number>): Promise<void> {
  const members = await activeMemberIds(deps, car.teamId);
  const sets = new Map((await listTireSetsWithLife(deps.db, car.teamId)).map((s) => [s.set.id, s.set]));
  for (const { at, driverMemberId, tireSetId } of references) {
    if (driverMemberId !== null && !members.has(driverMemberId)) throw new ValidationError(`${at}driverMemberId: the driver must be an active member of the car's team`);
    if (tireSetId === null || known.has(tireSetId)) continue;
    const set = sets.get(tireSetId);
    if (!set) throw new NotFoundError('Tire set not found');
    if (set.condition === 'scrapped') throw new ValidationError(`${at}tireSetId: ${set.name} is scrapped; choose a set that is not`);
  }
}
