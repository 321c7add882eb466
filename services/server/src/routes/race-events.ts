import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, idParam, Issue, NewRaceEventBody, PatchRaceEventBody, RaceEvent } from '@pitwall/contracts';
import { raceEventDecider, raceEventStream } from '@pitwall/domain';
import { listCarriedOverIssues, listIssues, listRaceEvents } from '@pitwall/read-models';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, runCommandForCar } from './car-access.ts';
import { inStream, inStreams, issuesOf, raceEventsOf } from '../etag/resource-scopes.ts';

const Params = z.object({ carId: idParam('carId') });
const RaceEventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };
const writeErrors = { ...errors, 409: ErrorAnswer };

/** Race events of a car (docs/product.md, 'API'): list, schedule, read, final drive and images, its issues, and carried-over issues. */
export const raceEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/events', {
    config: { etag: inStreams(raceEventsOf) },
    schema: { tags: ['race events'], summary: "A car's race events, newest first", params: Params, response: { 200: z.array(RaceEvent), ...errors } },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return listRaceEvents(deps.db, request.params.carId);
    },
  });

  app.post('/api/cars/:carId/events', {
    schema: { tags: ['race events'], summary: 'Schedule a race event', params: Params, body: NewRaceEventBody, response: { 201: RaceEvent, ...writeErrors } },
    handler: async (request, reply) => {
      const { carId } = request.params;
      const car = await requireCar(deps, request, carId);
      const raceEventId = await deps.ids.next('race_event');
      const { carId: _bodyCarId, date, endsOn, ...rest } = request.body;
      await runCommandForCar(deps, request, car, raceEventDecider, raceEventStream(raceEventId), {
        type: 'ScheduleRaceEvent',
        data: { ...rest, raceEventId, carId, teamId: car.teamId, date: new Date(date).toISOString(), endsOn: endsOn ?? null, createdAt: request.now.toISOString() },
      });
      return reply.code(201).send(await requireRaceEventOfCar(deps, carId, raceEventId));
    },
  });

  app.get('/api/cars/:carId/events/:eventId', {
    config: { etag: inStream((p) => raceEventStream(p.eventId!)) },
    schema: { tags: ['race events'], summary: 'One race event', params: RaceEventParams, response: { 200: RaceEvent, ...errors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      await requireCar(deps, request, carId);
      return requireRaceEventOfCar(deps, carId, raceEventId);
    },
  });

  app.patch('/api/cars/:carId/events/:eventId', {
    config: { etag: inStream((p) => raceEventStream(p.eventId!)) },
    schema: { tags: ['race events'], summary: 'Set the final drive (ratio + notes), the profile/timetable images, or the track length (a distance such as 3.2 km; null: unknown)', params: RaceEventParams, body: PatchRaceEventBody, response: { 412: RaceEvent, 200: RaceEvent, ...writeErrors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      const { finalDriveRatio, finalDriveNotes, profileImageUrl, timetableImageUrl, trackLength } = request.body;
      await runCommandForCar(deps, request, car, raceEventDecider, raceEventStream(raceEventId), {
        type: 'ReviseRaceEvent',
        data: {
          finalDrive: finalDriveRatio === undefined ? undefined : { finalDriveRatio, finalDriveNotes: finalDriveNotes ?? null },
          images: profileImageUrl === undefined && timetableImageUrl === undefined ? undefined : { profileImageUrl, timetableImageUrl },
          trackLength,
        },
      });
      return requireRaceEventOfCar(deps, carId, raceEventId);
    },
  });

  app.get('/api/cars/:carId/events/:eventId/issues', {
    config: { etag: inStreams(issuesOf) },
    schema: { tags: ['race events'], summary: "A race event's issues", params: RaceEventParams, response: { 200: z.array(Issue), ...errors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      return listIssues(deps.db, carId, raceEventId);
    },
  });

  app.get('/api/cars/:carId/events/:eventId/carried-over', {
    schema: {
      tags: ['race events'],
      summary: 'Unresolved issues, tools and parts of the earlier race events of this car (beyond the spec)',
      params: RaceEventParams,
      response: { 200: z.array(Issue), ...errors },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      return listCarriedOverIssues(deps.db, carId, raceEventId);
    },
  });
};
