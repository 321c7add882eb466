import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, idParam, Issue, NewIssueBody, PatchIssueBody } from '@pitwall/contracts';
import { issueDecider, issueStream, NotFoundError } from '@pitwall/domain';
import { findIssue, listIssues } from '@pitwall/read-models';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, runCommandForCar } from './car-access.ts';
import { inStreams, issuesOf } from '../etag/resource-scopes.ts';

const Params = z.object({ carId: idParam('carId') });
const IssueParams = z.object({ carId: idParam('carId'), issueId: idParam('issueId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** Issues & Tools of a car (docs/product.md, 'API'): list, raise, change status along the transitions of docs/product.md, 'States and transitions' */
export const issueRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function requireIssue(carId: number, issueId: number) {
    const issue = await findIssue(deps.db, carId, issueId);
    if (!issue) throw new NotFoundError('Issue not found');
    return issue;
  }

  app.get('/api/cars/:carId/issues', {
    config: { etag: inStreams(issuesOf) },
    schema: { tags: ['issues'], summary: 'Issues and equipment needs of a car, newest first', params: Params, response: { 200: z.array(Issue), 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer } },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return listIssues(deps.db, request.params.carId);
    },
  });

  app.post('/api/cars/:carId/issues', {
    schema: { tags: ['issues'], summary: 'Raise an issue, note, part or tool need', params: Params, body: NewIssueBody, response: { 201: Issue, ...errors } },
    handler: async (request, reply) => {
      const { carId } = request.params;
      const car = await requireCar(deps, request, carId);
      const { eventId: raceEventId, title, description, type, priority, status, imageUrl } = request.body;
      if (raceEventId !== null) await requireRaceEventOfCar(deps, carId, raceEventId);
      const issueId = await deps.ids.next('issue');
      await runCommandForCar(deps, request, car, issueDecider, issueStream(issueId), {
        type: 'RaiseIssue',
        data: { issueId, carId, raceEventId, title, description, issueType: type, priority, status, imageUrl, createdAt: request.now.toISOString() },
      });
      return reply.code(201).send(await requireIssue(carId, issueId));
    },
  });

  app.patch('/api/cars/:carId/issues/:issueId', {
    config: { etag: inStreams(issuesOf, (p) => `/api/cars/${p.carId}/issues`) },
    schema: { tags: ['issues'], summary: 'Change the status (open, in-progress, resolved)', params: IssueParams, body: PatchIssueBody, response: { 412: z.array(Issue), 200: Issue, ...errors } },
    handler: async (request) => {
      const { carId, issueId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireIssue(carId, issueId);
      await runCommandForCar(deps, request, car, issueDecider, issueStream(issueId), { type: 'ChangeIssueStatus', data: { to: request.body.status } });
      return requireIssue(carId, issueId);
    },
  });
};
