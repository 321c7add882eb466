import type { Server, Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** The configuration this module reads (config.ts documents each). */
export type ConnectionLimitsConfig = Pick<Config, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>;

/** The per-address cap where clients connect themselves (embedded, gateway, web): a team's phones and laptops behind one paddock router stay well under it. */
export const EDGE_MAX_CONNECTIONS_PER_ADDRESS = 128;

/**
 * The per-address connection cap of a process of `role`: MAX_CONNECTIONS_PER_ADDRESS when set;
 * otherwise none (0) on the command and query roles, which only the gateway reaches (every user
 * would be the gateway's one address: 127 live streams of one user would refuse everyone's reads),
 * and EDGE_MAX_CONNECTIONS_PER_ADDRESS elsewhere.
 */
export function maxConnectionsPerAddress(config: Pick<Config, 'MAX_CONNECTIONS_PER_ADDRESS'>, role: 'all' | 'command' | 'query' | 'gateway' | 'web'): number {
  if (config.MAX_CONNECTIONS_PER_ADDRESS !== undefined) return config.MAX_CONNECTIONS_PER_ADDRESS;
  return role === 'command' || role === 'query' ? 0 : EDGE_MAX_CONNECTIONS_PER_ADDRESS;
}

/**
 * Fastify server options that bound how long a client may hold a connection without finishing
 * its request, for every server role (slow clients, slowloris): all in ms.
 *
 * - `requestTimeout` (REQUEST_TIMEOUT_MS): the whole request, headers and body, must arrive within
 *   it, else Node answers 408 and closes the connection (a trickled upload is cut);
 * - `http.headersTimeout` (HEADERS_TIMEOUT_MS): the headers alone must arrive within it (408 too);
 * - `connectionTimeout` (CONNECTION_TIMEOUT_MS): a socket with no traffic either way for this long
 *   is destroyed;
 * - `keepAliveTimeout` (KEEP_ALIVE_TIMEOUT_MS): how long an idle keep-alive connection waits for
 *   its next request.
 *
 * Node checks the first two every `connectionsCheckingInterval`; it is set to a quarter of the
 * shorter one (at most Node's 30 s), so a request is cut at most a quarter late. Node requires the
 * headers timeout not to exceed the request timeout, so it is capped there.
 */
export function serverTimeouts(config: ConnectionLimitsConfig): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & { http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  const headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout, connectionsCheckingInterval: Math.max(10, Math.min(30_000, Math.floor(headersTimeout / 4))) },
  };
}

/**
 * Caps the open connections of each client address on `server` at `max` (0: no cap): a connection
 * beyond it is destroyed as it arrives, before any byte is read, so one host cannot starve the
 * others of sockets, memory and file descriptors. Counted by the socket's remote address, which
 * behind a proxy is the proxy's (set 0 there and cap at the proxy). Logs a warning on `log` when
 * an address is first refused after being below the cap (not on every refusal, so an attack does
 * not flood the log).
 */
export function limitConnectionsPerAddress(server: Server, max: number, log: { warn(obj: object, msg: string): void }): void {
  if (max <= 0) return;
  /** Address → open connections, and whether a refusal was reported since it last dropped below the cap. */
  const open = new Map<string, { count: number; reported: boolean }>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already closed by the peer
    const entry = open.get(address) ?? { count: 0, reported: false };
    if (entry.count >= max) {
      socket.destroy();
      if (!entry.reported) log.warn({ address, max }, 'connections refused: too many open from one address');
      entry.reported = true;
      return;
    }
    entry.count++;
    open.set(address, entry);
    socket.once('close', () => {
      entry.count--;
      entry.reported = false;
      if (entry.count === 0) open.delete(address);
    });
  });
}
