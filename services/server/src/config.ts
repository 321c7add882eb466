import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './embedded-database.ts';
import { trustProxyProblem } from './trust-proxy.ts';

/**
 * Process configuration from the environment. Every variable is documented in the README
 * ("Configure"); unknown values fail fast at start with the variable's name.
 */
export const ConfigSchema = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Embedded mode's data directory (PGlite database, later blobs). Relative to the working directory. */
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  /** PostgreSQL connection string; when set, events and read models live there instead of PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** EventStoreDB/KurrentDB connection string (e.g. kurrentdb://localhost:2113?tls=false); when set, events live there and read models in DATABASE_URL. */
  EVENTSTORE_URL: z.string().optional(),
  /** Name of this deployment: prefixes every Redis key and channel (sessions, rate limits, notifications) and its PostgreSQL notification channels, so several deployments may share one Redis. */
  DEPLOYMENT_NAME: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, 'letters, digits, _ and - only').default('pitwall'),
  /** Gateway: comma-separated base URLs of the command instances and of the query instances. */
  COMMAND_URLS: z.string().optional(),
  QUERY_URLS: z.string().optional(),
  /**
   * The proxies whose X-Forwarded-For/-Host/-Proto this process believes: comma-separated IP
   * addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal` (the private ranges), or `none`.
   * Unset: the command and query instances believe `loopback,uniquelocal` (the gateway on this
   * machine or on a private network such as docker compose's); the gateway, web and embedded
   * processes are the edge and believe nobody. Decides the client's address (`request.ip`), the
   * host and scheme the Origin check compares, and whether the session cookie is Secure.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : trustProxyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** Redis connection string; when set, sessions are kept there (shared by every process). */
  REDIS_URL: z.string().url().optional(),
  /** S3/MinIO for images (all four to use it; else the disk under DATA_DIR/blobs). See services/media/README.md. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().default('pitwall'),
  S3_REGION: z.string().optional(),
  S3_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Largest accepted image upload in bytes (413 beyond). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /** Where the built web apps are (shell/dist and each remote dist folder); defaults to this repository. */
  WEB_ROOT: z.string().optional(),
  /** Manifest URL of each remote, answered in /config.json (changeable without rebuilding the shell). */
  REMOTE_CARS_URL: z.string().default('/remotes/cars/mf-manifest.json'),
  REMOTE_EVENTS_URL: z.string().default('/remotes/events/mf-manifest.json'),
  REMOTE_TEAMS_URL: z.string().default('/remotes/teams/mf-manifest.json'),
  /** How long a command waits for the read model to show its change, in ms (read-your-writes). */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** Distributed mode: how long the active projector's lease lasts without a heartbeat, in ms (renewed every third of it); a standby takes over once it runs out. */
  PROJECTOR_LEASE_TTL_MS: z.coerce.number().int().min(1000).default(10_000),
  /** /readyz lists the read models as degraded once the oldest event they do not show is older than this, in ms. */
  READY_LAG_DEGRADED_MS: z.coerce.number().int().positive().default(10_000),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 14),
  /** Failed sign-ins allowed for one username from one client address, and from one address over all usernames, in each 15-minute window (identity/sign-in-limits.ts). */
  LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().positive().default(10),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** Failed sign-ins of one username from all addresses per minute before the addresses that failed wait out the minute. */
  LOGIN_LIMIT_PER_USERNAME_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /** Team setups (sign-ups) allowed from one client address per hour, answered or refused. */
  TEAM_SETUP_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  /** New accounts one client address may create per hour: a team setup's owner counts one, a team import each account it creates. */
  ACCOUNT_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** The whole request (headers and body) must arrive within this many ms, else 408 and the connection is closed (slow uploads from a phone fit: 10 MB at 35 KB/s). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  /** The request headers must arrive within this many ms (408 otherwise); at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** A connection without any traffic for this many ms is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** An idle keep-alive connection waits this many ms for its next request (longer than common load balancers' 60 s idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  /**
   * Open connections allowed per client address (socket address: behind a proxy, the proxy's); beyond, a connection is closed at once. 0: no cap.
   * Unset: per role (connection-limits.ts, maxConnectionsPerAddress): 128 where clients connect, none on the command and query roles behind the gateway.
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Reads the configuration; throws an Error naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Bad configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** The repository root (this file is services/server/src/config.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
