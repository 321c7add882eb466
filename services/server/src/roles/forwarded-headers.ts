import type { FastifyRequest } from 'fastify';

/** The forwarded headers a proxy adds to a request it passes on. */
export interface ForwardedHeaders {
  /** The client addresses, the proxy's own peer last: `203.0.113.7` or `203.0.113.7, 10.0.0.5`. */
  'x-forwarded-for': string;
  /** The host (and port) the client asked for: `pitwall.example:3000`. */
  'x-forwarded-host': string;
  /** The scheme the client used: `http` or `https`. */
  'x-forwarded-proto': string;
}

/**
 * The forwarded headers the gateway sends upstream with `request`, so that the command and query
 * instances (which rewrite nothing themselves) see the browser's site and address instead of the
 * gateway's upstream address. The host and scheme are `request.host` / `request.protocol`: the
 * client's own, or a trusted proxy's forwarded ones (the app's trustProxy). The peer's incoming
 * `X-Forwarded-For` is kept and the peer appended only when `peerTrusted` (a proxy in front of the
 * gateway); from anyone else it is dropped, so a client cannot name an address of its choosing.
 */
export function forwardedHeaders(request: FastifyRequest, peerTrusted: boolean): ForwardedHeaders {
  const peer = request.socket.remoteAddress ?? '';
  const incoming = request.headers['x-forwarded-for'];
  return {
    'x-forwarded-for': peerTrusted && incoming ? `${incoming}, ${peer}` : peer,
    'x-forwarded-host': request.host,
    'x-forwarded-proto': request.protocol,
  };
}
