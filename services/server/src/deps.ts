import type {} from '@fastify/cookie';
import type { Database, EventStore } from '@pitwall/eventstore';
import type { Redis } from 'ioredis';
import type { MediaService } from '@pitwall/media';
import type { CommandHandler, ReadModelProgress } from './command/command-handler.ts';
import type { IdAllocator } from './command/ids.ts';
import type { Clock } from './clock.ts';
import type { AccountLimit } from './identity/sign-in-limits.ts';
import type { Config } from './config.ts';
import type { AuthSessionStore } from './identity/auth-session-store.ts';
import type { LiveFeed } from './live/live-feed.ts';
import type { AnswerCache } from './answer-cache.ts';

/** What the HTTP layer needs, built by the composition root (composition-root.ts) and decorated on the app as `pitwall`. */
export interface AppDeps {
  config: Config;
  db: Database;
  store: EventStore;
  /** How far the read models are (in-process projector, or a watcher of the projector process). */
  projection: ReadModelProgress;
  /** Which /api requests this process serves: all (embedded), only mutations (command) or only reads (query). */
  role: 'all' | 'command' | 'query';
  /** Notes for /readyz, e.g. 'redis unreachable: PostgreSQL notifications, in-process rate limits'. */
  degraded: string[];
  notifierKind: 'memory' | 'redis' | 'postgres';
  commands: CommandHandler;
  ids: IdAllocator;
  authSessions: AuthSessionStore;
  /** Shared Redis connection when REDIS_URL is set (sessions, rate limits); null in the embedded default. */
  redis: Redis | null;
  /** Image intake and blob storage (disk or S3). */
  media: MediaService;
  /** The time source; read once per request into `request.now`. */
  clock: Clock;
  /** The changes pushed to open `GET /api/live` streams after they are projected. */
  live: LiveFeed;
  /** Answers of the hottest reads, kept between two commits of the in-process projector (role 'all'; off in the other roles). */
  answers: AnswerCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    pitwall: AppDeps;
    /** The budget of new accounts per client address, shared by team setup and team import (identity/sign-in-limits.ts). */
    accountLimit: AccountLimit;
  }
  interface FastifyRequest {
    /** The signed-in user's id, set by the auth plugin; null without a live session. */
    userId: number | null;
    /** The session id from the cookie, when live. */
    authSessionId: string | null;
    /** The instant the request arrived (deps.clock, read once): the `at` of its events and the `createdAt` of its records. */
    now: Date;
  }
}
