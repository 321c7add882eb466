import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { ErrorAnswer, idParam, IMPORT_MAX_BYTES, ImportAnswer } from '@pitwall/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '@pitwall/domain';
import { findTeam } from '@pitwall/read-models';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';

/**
 * The export's and the import's code, loaded at their first use. Why: they bring archiver, yauzl and
 * csv-stringify (~100 modules with their dependencies), which no other request needs, so the
 * server's start does not load them.
 */
const loadExportTeam = () => import('../transfer/export-team.ts');
const loadImportTeam = () => import('../transfer/import-team.ts');
const loadImportGate = () => import('../transfer/import-gate.ts');

/** Runs `fn` with a new empty temporary directory, removed afterwards whatever happens. */
async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-import-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const TeamParams = z.object({ teamId: idParam('teamId') });

/** The file name of an export: the team's name in safe characters and the day, `pitwall-apex-garage-racing-2026-11-26.zip`. */
function exportFileName(teamName: string, now: Date): string {
  const slug = teamName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'team';
  return `pitwall-${slug}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * Team data that moves: the owner downloads the team's whole history with its images and readable
 * CSV tables as one zip (streamed as it is built); any signed-in user imports such a file as a new
 * team of their own. The file format is in the package README ("Team export file").
 */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);
  await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/api/teams/:teamId/export', {
    schema: {
      tags: ['teams'],
      summary: "Download the team's complete history, images and CSV tables as one zip (owner only; streamed while it is built)",
      params: TeamParams,
      response: { 200: z.any().meta({ description: 'The export (application/zip)' }), 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const team = await findTeam(deps.db, userIdOf(request), request.params.teamId);
      if (!team) throw new NotFoundError('Team not found');
      if (team.myRole !== 'owner') throw new ForbiddenError('Only the team owner can export the team');
      const { exportTeam } = await loadExportTeam();
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${exportFileName(team.name, request.now)}"`)
        .header('Cache-Control', 'no-store')
        .send(exportTeam(deps, { id: team.id, name: team.name }, request.now));
    },
  });

  app.post('/api/teams/import', {
    schema: {
      tags: ['teams'],
      summary: 'Import a team export (multipart/form-data, field `file`) as a new team owned by the caller: new ids, history, authors and times kept, other members inactive; a damaged or foreign file, or one beyond the import limits, is refused whole (400 naming file); one import at a time per deployment (429 with Retry-After); the accounts it creates count against the new accounts allowed per client address (429 with Retry-After beyond it, nothing written)',
      consumes: ['multipart/form-data'],
      response: { 201: ImportAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 406: ErrorAnswer, 413: ErrorAnswer, 415: ErrorAnswer, 429: ErrorAnswer, 503: ErrorAnswer },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new ValidationError('file: send multipart/form-data with the export in the field `file`');
      const file = await request.file();
      if (!file) throw new ValidationError('file: Please choose a Pitwall team export to import');
      if (file.fieldname !== 'file') {
        file.file.resume();
        throw new ValidationError(`file: the export must be sent in the field \`file\`, not \`${file.fieldname}\``);
      }
      const [{ importTeam }, { asTheOnlyImport, ImportBusyError }] = await Promise.all([loadImportTeam(), loadImportGate()]);
      try {
        const answer = await asTheOnlyImport(deps.db, () =>
          inTempDir(async (dir) => {
            // The upload goes to disk as it arrives (never whole in memory), cut off at IMPORT_MAX_BYTES.
            const zipPath = path.join(dir, 'upload.zip');
            await pipeline(file.file, createWriteStream(zipPath));
            if (file.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
            const work = path.join(dir, 'files');
            await mkdir(work);
            return importTeam(deps, zipPath, work, { userId: userIdOf(request), correlationId: request.id, now: request.now, reserveAccounts: (count) => app.accountLimit.reserve(request, reply, count) });
          }),
        );
        return reply.code(201).send(answer);
      } catch (error) {
        if (error instanceof ImportBusyError) {
          file.file.resume();
          return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
        }
        throw error;
      }
    },
  });
};
