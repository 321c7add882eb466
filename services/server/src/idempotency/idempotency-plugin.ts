import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '@pitwall/eventstore';

/**
 * Idempotency keys (the IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a
 * client that may send a change twice (an offline write queue retrying after a lost answer) sends an
 * `Idempotency-Key` header. The first request with a key runs; a repeat by the same user within
 * {@link IDEMPOTENCY_TTL_MS} answers the first one's status and body (with `Idempotent-Replayed:
 * true`) and runs nothing, so nothing is appended twice. Keys are per user; the state lives in
 * the database (the `idempotency_keys` table), so every process of a deployment shares it.
 *
 * Answers: 400 for a malformed key; 422 when the key was used for a different request (method,
 * path or body); 409 while the first request with the key is still running. A first request that
 * fails with a 5xx releases its key, so the retry runs. A claim whose request never answered (the
 * process died) is taken over after {@link IDEMPOTENCY_ABANDONED_MS}; the retry's events carry the
 * same ids (see {@link eventIdSeedOf}), so an append the dead process made is not made again. The
 * retry's answer then describes the state as it is: a record the dead process created is found
 * under the id it allocated, not the retry's (an add answers 404; the client reloads the list).
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this without an answer belongs to a request whose process died. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;

export const IDEMPOTENCY_DDL = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    user_id integer NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    claimed_at bigint NOT NULL,
    status integer,
    content_type text,
    body text,
    PRIMARY KEY (user_id, key)
  );
  CREATE INDEX IF NOT EXISTS idempotency_keys_claimed_idx ON idempotency_keys (claimed_at);`;

/** 1–255 visible ASCII characters (a UUID is the usual choice). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A key this request holds: whose, which, when it was claimed (epoch ms; part of the event id seed), and how many commands it ran. */
interface Claim {
  userId: number;
  key: string;
  claimedAt: number;
  commands: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/**
 * A seed for the ids of the events of the request's next command, or null without an idempotency
 * key: the command handler derives each event's id from it (the user, the key, its claim time and the
 * command's number within the request), so a retry of a request whose process died after its
 * append appends nothing new (the event store recognises the ids).
 */
export function eventIdSeedOf(request: FastifyRequest): string | null {
  const claim = request.idempotencyClaim;
  return claim ? `${claim.userId}:${claim.key}:${claim.claimedAt}:${claim.commands++}` : null;
}

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');

interface StoredRow {
  request_hash: string;
  claimed_at: string | number;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

/** Registers the Idempotency-Key handling on every mutation; register it before response compression (it stores the answer as sent). */
export const idempotencyPlugin = fp<{ db: Sql; now?: () => number }>(
  async (app, { db, now = Date.now }) => {
    app.decorateRequest('idempotencyClaim', null);

    // On the routes that change something only: reads pay nothing for it (the query API's throughput is a bench figure).
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().some((method) => MUTATING.has(method))) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
      route.onSend = [...[route.onSend ?? []].flat(), keepAnswer];
    });

    async function claimKey(request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers['idempotency-key'];
      if (key === undefined || !MUTATING.has(request.method) || request.userId === null) return;
      if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
        return reply.code(400).send({ message: 'Idempotency-Key: must be 1 to 255 visible ASCII characters, e.g. a UUID' });
      }
      const at = now();
      const hash = hashOf(request);
      await db.query(`DELETE FROM idempotency_keys WHERE claimed_at < $1`, [at - IDEMPOTENCY_TTL_MS]);
      const claimed = await db.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, claimed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
        [request.userId, key, hash, at],
      );
      if (claimed.rows.length === 1) {
        request.idempotencyClaim = { userId: request.userId, key, claimedAt: at, commands: 0 };
        return;
      }
      const { rows } = await db.query<StoredRow>(`SELECT request_hash, claimed_at, status, content_type, body FROM idempotency_keys WHERE user_id = $1 AND key = $2`, [request.userId, key]);
      const row = rows[0];
      if (!row) return; // released between the two statements: run without a claim rather than fail
      if (row.request_hash !== hash) {
        return reply.code(422).send({ message: 'Idempotency-Key: this key was already used for a different request' });
      }
      if (row.status === null) {
        const claimedAt = Number(row.claimed_at);
        if (at - claimedAt < IDEMPOTENCY_ABANDONED_MS) {
          return reply.code(409).send({ message: 'Idempotency-Key: the first request with this key is still running; try again shortly' });
        }
        // Abandoned by a process that died: take it over with its seed, so its events keep their ids.
        request.idempotencyClaim = { userId: request.userId, key, claimedAt, commands: 0 };
        return;
      }
      reply.code(row.status).header('idempotent-replayed', 'true');
      if (row.content_type) reply.header('content-type', row.content_type);
      return reply.send(row.body ?? '');
    }

    async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      if (reply.statusCode >= 500 || (typeof payload !== 'string' && payload !== null && payload !== undefined)) {
        // A server failure may succeed on a retry; a streamed answer cannot be kept: release the key.
        await db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2`, [claim.userId, claim.key]);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await db.query(`UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE user_id = $1 AND key = $2`, [
        claim.userId,
        claim.key,
        reply.statusCode,
        typeof contentType === 'string' ? contentType : null,
        payload ?? '',
      ]);
      return payload;
    }
  },
  { name: 'pitwall-idempotency', dependencies: ['pitwall-auth'] },
);
