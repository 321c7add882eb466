import type {} from '@fastify/cookie';
import type { Database, EventStore } from '@pitwall/eventstore';
import type { Redis } from 'ioredis';
import type { MediaService } from '@pitwall/media';
import type { Projector } from '@pitwall/read-models';
import type { CommandBus } from './command/command-bus.ts';
import type { IdAllocator } from './command/ids.ts';
import type { Config } from './config.ts';
import type { SessionStore } from './identity/session-store.ts';

/** What the HTTP layer needs, built by the composition root (pitwall.ts) and decorated on the app as `pitwall`. */
export interface AppDeps {
  config: Config;
  db: Database;
  store: EventStore;
  projector: Projector;
  commands: CommandBus;
  ids: IdAllocator;
  sessions: SessionStore;
  /** Shared Redis connection when REDIS_URL is set (sessions, rate limits); null in the embedded default. */
  redis: Redis | null;
  /** Image intake and blob storage (disk or S3). */
  media: MediaService;
}

declare module 'fastify' {
  interface FastifyInstance {
    pitwall: AppDeps;
  }
  interface FastifyRequest {
    /** The signed-in user's id, set by the auth plugin; null without a live session. */
    userId: number | null;
    /** The session id from the cookie, when live. */
    sessionId: string | null;
  }
}
