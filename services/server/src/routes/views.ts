import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CarView, ErrorAnswer, idParam, RaceEventView, type Car, type TeamSettings } from '@pitwall/contracts';
import { carStream, NotFoundError, raceEventStream, teamStream } from '@pitwall/domain';
import {
  carViewStreamsOf,
  findCornerWeights,
  findCrossDiagonalOfCar,
  findSetupSheet,
  findSetupTargets,
  findSuspension,
  findTeamSettings,
  findTirePressures,
  findTirePressureTargets,
  issueStreamsOf,
  listCarriedOverIssues,
  listChecklistItems,
  listGearRatios,
  listImages,
  listIssues,
  listPartsWithLife,
  listRaceEvents,
  listSessions,
  listTireSetsWithLife,
  listTrackSessions,
  partStreamsOfCar,
  raceEventStreamsOf,
  raceEventViewStreamsOf,
  runSessionStreamsOf,
  tireSetStreamsOfTeam,
} from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { inStreams } from '../etag/resource-scopes.ts';
import { readModelTag } from '../etag/etag-plugin.ts';
import { requireCar, requireRaceEventOfCar } from './car-access.ts';
import { todayOf } from './parts.ts';

const CarParams = z.object({ carId: idParam('carId') });
const RaceEventParams = CarParams.extend({ eventId: idParam('eventId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

/** The settings of the team of `car` (the units its cards show), as GET /api/teams/{teamId}/settings answers them. */
async function teamSettingsOf(deps: AppDeps, car: Car): Promise<TeamSettings> {
  const settings = await findTeamSettings(deps.db, car.teamId);
  if (!settings) throw new NotFoundError('Team not found');
  return settings;
}

/**
 * The ETags of car `carId`'s stream, of its team's and of its parts (as GET …/parts answers it),
 * after the tenancy check (NotFoundError 'Car not found'), with the car's team id. Read before the
 * rows, which the handler reads (the car again) afterwards: an ETag is never newer than its body.
 */
async function carAndTeamTags(deps: AppDeps, request: FastifyRequest, carId: number) {
  const { teamId } = await requireCar(deps, request, carId);
  const [carTag, teamTag, partsTag] = await Promise.all([
    readModelTag(deps.db, { stream: carStream(carId) }),
    readModelTag(deps.db, { stream: teamStream(teamId) }),
    readModelTag(deps.db, partStreamsOfCar(carId)),
  ]);
  return { teamId, carTag, teamTag, partsTag };
}

/** The parts fitted to car `car` now with their life on the request's day, as GET …/parts answers them. */
const partsOfCar = (deps: AppDeps, request: FastifyRequest, car: Car) => listPartsWithLife(deps.db, car.teamId, todayOf(request), { carId: car.id }).then((found) => found.map((p) => p.part));

/**
 * A screen's read model (docs/product.md, 'API'): one GET per screen answering what it shows, each
 * part exactly the answer of that part's own GET (same read-model queries, same schemas), with
 * the ETag each of those GETs answers now (`versions`: what a form opened on the part is based
 * on). Team-scoped like the car routes: another team's car or race event answers 404. The view's
 * own ETag spans the streams of all its parts, so a save of any part changes it.
 */
export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/view', {
    config: { etag: inStreams(({ carId }) => carViewStreamsOf(carId!)) },
    schema: {
      tags: ['views'],
      summary: "The car page in one answer: the car, its baseline setup sections and setup sheet, setup and pressure targets, checklist, parts and its team's units",
      params: CarParams,
      response: { 200: CarView, ...errors },
    },
    handler: async (request) => {
      const { carId } = request.params;
      const { carTag, teamTag, partsTag } = await carAndTeamTags(deps, request, carId);
      const car = await requireCar(deps, request, carId);
      const [gearRatios, suspension, cornerWeights, setupTargets, tirePressures, tirePressureTargets, setupSheet, checklist, parts, teamSettings] = await Promise.all([
        listGearRatios(deps.db, carId, null),
        findSuspension(deps.db, carId, null),
        findCrossDiagonalOfCar(deps.db, carId).then((diagonal) => findCornerWeights(deps.db, carId, null, diagonal)),
        findSetupTargets(deps.db, carId),
        findTirePressures(deps.db, carId, null),
        findTirePressureTargets(deps.db, carId),
        findSetupSheet(deps.db, carId, null),
        listChecklistItems(deps.db, carId),
        partsOfCar(deps, request, car),
        teamSettingsOf(deps, car),
      ]);
      const onCar = { car: carTag, gearRatios: carTag, suspension: carTag, cornerWeights: carTag, setupTargets: carTag, tirePressures: carTag, tirePressureTargets: carTag, setupSheet: carTag, checklist: carTag };
      return { car, gearRatios, suspension, cornerWeights, setupTargets, tirePressures, tirePressureTargets, setupSheet, checklist, parts, teamSettings, versions: { ...onCar, parts: partsTag, teamSettings: teamTag } };
    },
  });

  app.get('/api/cars/:carId/events/:eventId/view', {
    config: { etag: inStreams(({ carId, eventId: raceEventId }) => raceEventViewStreamsOf(carId!, raceEventId!)) },
    schema: {
      tags: ['views'],
      summary: "A race event's screens in one answer: the car, the race event and the car's others, its issues and carried-over ones, its effective setup, sessions and the car's sessions at its location, the car's images and parts, the team's tire sets and units",
      params: RaceEventParams,
      response: { 200: RaceEventView, ...errors },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      const { teamId, carTag, teamTag, partsTag } = await carAndTeamTags(deps, request, carId);
      const [raceEventTag, raceEventsTag, issuesTag, sessionsTag, tireSetsTag] = await Promise.all([
        readModelTag(deps.db, { stream: raceEventStream(raceEventId) }),
        readModelTag(deps.db, raceEventStreamsOf(carId)),
        readModelTag(deps.db, issueStreamsOf(carId, raceEventId)),
        readModelTag(deps.db, runSessionStreamsOf(carId, raceEventId)),
        readModelTag(deps.db, tireSetStreamsOfTeam(teamId)),
      ]);
      const car = await requireCar(deps, request, carId);
      const raceEvent = await requireRaceEventOfCar(deps, carId, raceEventId);
      const [raceEvents, issues, carriedOver, gearRatios, suspension, tirePressures, sessions, trackSessions, images, parts, tireSets, teamSettings] = await Promise.all([
        listRaceEvents(deps.db, carId),
        listIssues(deps.db, carId, raceEventId),
        listCarriedOverIssues(deps.db, carId, raceEventId),
        listGearRatios(deps.db, carId, raceEventId),
        findSuspension(deps.db, carId, raceEventId),
        findTirePressures(deps.db, carId, raceEventId),
        listSessions(deps.db, carId, raceEventId),
        listTrackSessions(deps.db, carId, raceEvent.location),
        listImages(deps.db, carId),
        partsOfCar(deps, request, car),
        listTireSetsWithLife(deps.db, car.teamId).then((found) => found.map((s) => s.set)),
        teamSettingsOf(deps, car),
      ]);
      return {
        car,
        raceEvent,
        raceEvents,
        issues,
        carriedOver,
        gearRatios,
        suspension,
        tirePressures,
        sessions,
        trackSessions,
        images,
        parts,
        tireSets,
        teamSettings,
        versions: {
          car: carTag,
          raceEvent: raceEventTag,
          raceEvents: raceEventsTag,
          issues: issuesTag,
          carriedOver: null,
          gearRatios: carTag,
          suspension: carTag,
          tirePressures: carTag,
          sessions: sessionsTag,
          trackSessions: null,
          images: carTag,
          parts: partsTag,
          tireSets: tireSetsTag,
          teamSettings: teamTag,
        },
      };
    },
  });
};
