import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { forwardedHeaders } from '../src/roles/forwarded-headers.ts';
import { trustProxyOf } from '../src/trust-proxy.ts';
import { DANA } from './helpers.ts';
import { givenTeam, testServer } from './scenario.ts';

/**
 * Behind the gateway: an API instance believes X-Forwarded-Host/-Proto/-For from the gateway's
 * address only (TRUST_PROXY), so a browser's own site passes the Origin check, the session cookie
 * is Secure when the browser used HTTPS, and request.ip is the browser's address; the same headers
 * from anyone else change nothing.
 */
const GATEWAY = '10.1.2.3';
const STRANGER = '198.51.100.7';
/** What the gateway's upstream request carries as Host: the instance's own address. */
const UPSTREAM_HOST = '10.1.2.9:3101';
const SITE = 'pitwall.example';

describe('an API instance behind a trusted gateway', () => {
  const server = testServer({}, { env: { TRUST_PROXY: GATEWAY } });
  // What Fastify made of the request, for the address checks.
  beforeAll(() => {
    server.pitwall.app.get('/test/seen', async (request) => ({ ip: request.ip, host: request.host, protocol: request.protocol }));
  });

  const send = (remoteAddress: string, url: string, headers: Record<string, string>, payload?: object) =>
    server.pitwall.app.inject({ method: payload ? 'POST' : 'GET', url, remoteAddress, headers: { host: UPSTREAM_HOST, ...headers }, ...(payload ? { payload } : {}) });
  const viaGateway = { 'x-forwarded-host': SITE, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };

  it("accepts the browser's own site through the gateway, and sets the session cookie Secure over HTTPS", async () => {
    const res = await send(GATEWAY, '/api/auth/setup-team', { ...viaGateway, origin: `https://${SITE}` }, DANA);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['set-cookie']).toMatch(/; Secure/i);
  });

  it('refuses another site through the gateway, and the right host with the wrong scheme', async () => {
    const { username } = await givenTeam(server.pitwall);
    for (const origin of ['https://evil.example', `http://${SITE}`]) {
      const res = await send(GATEWAY, '/api/auth/login', { ...viaGateway, origin }, { username, password: DANA.password, loginType: 'admin' });
      expect([origin, res.statusCode, res.json()]).toEqual([origin, 403, { message: 'Request refused: it came from another site' }]);
    }
  });

  it('does not honour forwarded headers from an address it does not trust', async () => {
    const { username } = await givenTeam(server.pitwall);
    const forged = await send(STRANGER, '/api/auth/login', { ...viaGateway, origin: `https://${SITE}` }, { username, password: DANA.password, loginType: 'admin' });
    expect([forged.statusCode, forged.json()]).toEqual([403, { message: 'Request refused: it came from another site' }]);
    // Its own Host is its site: signed in, but the claimed HTTPS does not make the cookie Secure.
    const direct = await send(STRANGER, '/api/auth/login', { ...viaGateway, origin: `http://${UPSTREAM_HOST}` }, { username, password: DANA.password, loginType: 'admin' });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.headers['set-cookie']).not.toMatch(/Secure/i);
    expect((await send(STRANGER, '/test/seen', viaGateway)).json()).toEqual({ ip: STRANGER, host: UPSTREAM_HOST, protocol: 'http' });
  });

  it("takes the client's address from X-Forwarded-For through trusted hops only", async () => {
    expect((await send(GATEWAY, '/test/seen', viaGateway)).json()).toEqual({ ip: '203.0.113.7', host: SITE, protocol: 'https' });
    // An address the client put first is not believed: the entry before the trusted gateway is the client.
    expect((await send(GATEWAY, '/test/seen', { ...viaGateway, 'x-forwarded-for': '192.0.2.1, 203.0.113.7' })).json()).toMatchObject({ ip: '203.0.113.7' });
  });
});

describe('the embedded process (the edge by default)', () => {
  const server = testServer({});

  it("believes nobody's forwarded host, scheme or address", async () => {
    const res = await server.pitwall.app.inject({
      method: 'POST',
      url: '/api/auth/setup-team',
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', 'x-forwarded-host': SITE, 'x-forwarded-proto': 'https', origin: `https://${SITE}` },
      payload: DANA,
    });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Request refused: it came from another site' }]);
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to loopback and the private ranges on the command and query instances, to nobody elsewhere', () => {
    for (const role of ['command', 'query'] as const) {
      const trust = trustProxyOf(undefined, role);
      expect(trust !== false && ['127.0.0.1', '::1', '172.18.0.4', '10.0.0.2', '192.168.1.5'].every((a) => trust(a, 0))).toBe(true);
      expect(trust !== false && trust('203.0.113.7', 0)).toBe(false);
    }
    for (const role of ['all', 'gateway', 'web'] as const) expect(trustProxyOf(undefined, role)).toBe(false);
    expect(trustProxyOf('none', 'command')).toBe(false);
    const listed = trustProxyOf('10.1.2.3, 192.0.2.0/24', 'gateway');
    expect(listed !== false && [listed('10.1.2.3', 0), listed('192.0.2.77', 0), listed('10.1.2.4', 0)]).toEqual([true, true, false]);
  });

  it('stops the start with the variable named when a value is not an address or range', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'gateway.internal' })).toThrow(/TRUST_PROXY: 'gateway\.internal' is not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: ' , ' })).toThrow(/TRUST_PROXY/);
  });
});

describe("the gateway's forwarded headers", () => {
  const request = (remoteAddress: string, headers: Record<string, string>, host: string, protocol: 'http' | 'https') =>
    ({ socket: { remoteAddress }, headers, host, protocol }) as unknown as FastifyRequest;

  it("say the site the browser opened and its address, dropping an X-Forwarded-For the gateway's client made up", () => {
    expect(forwardedHeaders(request('203.0.113.7', { 'x-forwarded-for': '192.0.2.1' }, 'localhost:3000', 'http'), false)).toEqual({
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-host': 'localhost:3000',
      'x-forwarded-proto': 'http',
    });
  });

  it('append to the X-Forwarded-For of a proxy the gateway trusts', () => {
    expect(forwardedHeaders(request('172.18.0.7', { 'x-forwarded-for': '203.0.113.7' }, SITE, 'https'), true)).toEqual({
      'x-forwarded-for': '203.0.113.7, 172.18.0.7',
      'x-forwarded-host': SITE,
      'x-forwarded-proto': 'https',
    });
  });
});
