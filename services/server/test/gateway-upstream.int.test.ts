import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { buildGatewayApp, UPSTREAM_RETRY_AFTER_S } from '../src/roles/gateway-app.ts';

/**
 * The gateway before instances that do not take a request: one that refuses connections (down),
 * and one that closes every connection as it arrives (its per-address cap full). Either way the
 * client is told 503 with Retry-After (try again), never 500 (a server fault).
 */

/** A port nothing listens on: taken and freed again. */
async function refusedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the gateway when an instance does not take the request', () => {
  let closing: net.Server | undefined;
  let gateway: Awaited<ReturnType<typeof buildGatewayApp>> | undefined;
  let base: string;
  beforeAll(async () => {
    closing = net.createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
    await new Promise((resolve) => closing!.once('listening', resolve));
    const closingUrl = `http://127.0.0.1:${(closing.address() as net.AddressInfo).port}`;
    const refusedUrl = `http://127.0.0.1:${await refusedPort()}`;
    gateway = await buildGatewayApp(ConfigSchema.parse({ LOG_LEVEL: 'silent' }), [refusedUrl], [closingUrl]);
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(gateway.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    if (closing) await new Promise((resolve) => closing!.close(resolve));
  });

  it.each([
    ['a read, to a query instance that closes the connection as it arrives', 'GET' as const, '/api/teams'],
    ['a write, to a command instance that refuses the connection', 'POST' as const, '/api/cars'],
  ])('answers %s with 503 and Retry-After', async (_what, method, url) => {
    const res = await fetch(new URL(url, base), { method, ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'MX-5' }) }) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(UPSTREAM_RETRY_AFTER_S));
    expect(await res.json()).toMatchObject({ message: 'The service is busy. Please try again in a moment.' });
  });
});
