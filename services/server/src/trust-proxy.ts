import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which peers a process believes when they say, in `X-Forwarded-For`/`-Host`/`-Proto`, who the
 * client is and which address it opened. Only the proxies in front of the process may be believed:
 * anyone else could name any site or address there (a forged host passing the Origin check, a
 * forged address escaping the per-address sign-in limit).
 */

/** Process roles, as far as trusting a proxy goes. */
export type TrustRole = 'all' | 'command' | 'query' | 'gateway' | 'web';

/**
 * What the command and query instances believe when TRUST_PROXY is unset: the gateway in front of
 * them, on this machine (loopback) or on a private network such as docker compose's (10/8,
 * 172.16/12, 192.168/16, fc00::/7). Every other role is the edge by default and believes nobody.
 */
const DEFAULT_API_TRUST = 'loopback,uniquelocal';

/** `none`: believe no proxy. */
const NONE = 'none';

/** The entries of a TRUST_PROXY value: addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. */
function entriesOf(value: string): string[] {
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/**
 * Checks a TRUST_PROXY value.
 * @returns null when it is usable, else a sentence saying which entry is not an address or range.
 */
export function trustProxyProblem(value: string): string | null {
  if (value.trim() === NONE) return null;
  const entries = entriesOf(value);
  if (entries.length === 0) return `give addresses or ranges, or '${NONE}'`;
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      return `'${entry}' is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`;
    }
  }
  return null;
}

/** A process's trust in proxies: `(address, hop) => boolean` (Fastify's `trustProxy`), or `false` for none. */
export type ProxyTrust = ((address: string, hop: number) => boolean) | false;

/**
 * The trust test of a process: `(address, hop) => boolean`, true when the peer at `address` is a
 * proxy whose forwarded headers count (Fastify's `trustProxy`), or `false` to believe none.
 * `trustProxy` is the TRUST_PROXY value (checked by trustProxyProblem); unset, the role's default:
 * DEFAULT_API_TRUST for 'command' and 'query', nobody for the others.
 */
export function trustProxyOf(trustProxy: string | undefined, role: TrustRole): ProxyTrust {
  const value = trustProxy ?? (role === 'command' || role === 'query' ? DEFAULT_API_TRUST : NONE);
  if (value.trim() === NONE) return false;
  return proxyAddr.compile(entriesOf(value));
}

/** Whether the peer that sent `request` (its TCP address, not a header) is a proxy `trust` believes. */
export function sentByTrustedProxy(trust: ProxyTrust, request: { socket: IncomingMessage['socket'] }): boolean {
  return trust !== false && trust(request.socket.remoteAddress ?? '', 0);
}
