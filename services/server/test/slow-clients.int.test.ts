import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { createEdgeApp } from '../src/roles/run.ts';

/**
 * Slow clients cannot hold the server: a request whose body (or headers) trickles in is cut with
 * 408 when its time is up, and one address cannot open more than its share of connections while
 * another address is still served.
 */

/** A raw TCP client of `port` from `localAddress` (any 127/8 address reaches a loopback server on Linux). */
function connect(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined); // a refused connection is reset; 'close' follows
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  /** Resolves once `pattern` was received, or rejects when the socket closes first. */
  const receive = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (pattern.test(received)) {
          socket.off('data', check);
          resolve(received);
        }
      };
      socket.on('data', check);
      check();
      void closed.then(() => (pattern.test(received) ? resolve(received) : reject(new Error(`closed after ${JSON.stringify(received)}`))));
    });
  return { socket, opened, closed, receive, received: () => received };
}

const HEALTHZ = 'GET /healthz HTTP/1.1\r\nHost: pitwall.test\r\n\r\n';

async function listening(settings: Record<string, unknown>): Promise<{ pitwall: Pitwall; port: number }> {
  const blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-slow-'));
  const pitwall = await createPitwall(ConfigSchema.parse(settings), { kind: 'memory' }, { blobDataDir });
  await pitwall.app.listen({ port: 0, host: '127.0.0.1' });
  const address = pitwall.app.server.address() as net.AddressInfo;
  const close = pitwall.close;
  return { pitwall: { ...pitwall, close: async () => (await close(), await rm(blobDataDir, { recursive: true, force: true })) }, port: address.port };
}

/** A server `listening` with `settings`, started in beforeAll and closed in afterAll; read `.port` in tests. */
function listeningServer(settings: Record<string, unknown>): { readonly port: number } {
  let started: { pitwall: Pitwall; port: number } | undefined;
  beforeAll(async () => {
    started = await listening(settings);
  });
  afterAll(() => started?.pitwall.close());
  return {
    get port() {
      if (!started) throw new Error('the server starts in beforeAll');
      return started.port;
    },
  };
}

describe('slow requests', () => {
  const REQUEST_TIMEOUT_MS = 1500;
  const HEADERS_TIMEOUT_MS = 800;
  const server = listeningServer({ REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS });

  it('cuts a body trickled in a byte at a time with 408 once the request timeout is up', async () => {
    const client = connect(server.port);
    await client.opened;
    const started = Date.now();
    client.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: pitwall.test\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
    const trickle = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    try {
      await client.closed;
    } finally {
      clearInterval(trickle);
    }
    const elapsed = Date.now() - started;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Cut when its time is up (Node checks every quarter of the shorter timeout; the margin is for a
    // busy machine), hours before the body would have arrived at this pace.
    expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
  });

  it('cuts headers trickled in a line at a time with 408 once the headers timeout is up', async () => {
    const client = connect(server.port);
    await client.opened;
    const started = Date.now();
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: pitwall.test\r\n');
    const trickle = setInterval(() => client.socket.writable && client.socket.write('X-Slow: 1\r\n'), 100);
    try {
      await client.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
  });

  it('still serves a request that arrives in time', async () => {
    const client = connect(server.port);
    client.socket.write(HEALTHZ);
    expect(await client.receive(/\r\n\r\n\{"status":"ok"\}/)).toMatch(/^HTTP\/1\.1 200 /);
    client.socket.destroy();
  });
});

describe('connections per client address', () => {
  const server = listeningServer({ MAX_CONNECTIONS_PER_ADDRESS: 3 });

  it('closes connections beyond the cap from one address at once, while another address is served; a closed one frees its place', async () => {
    const { port } = server;
    const held = [connect(port), connect(port), connect(port)];
    // Each held connection is served (and kept alive), so the server has counted it.
    for (const client of held) {
      client.socket.write(HEALTHZ);
      await client.receive(/"status":"ok"/);
    }
    const beyond = connect(port);
    beyond.socket.write(HEALTHZ);
    await beyond.closed;
    expect(beyond.received()).toBe('');

    const other = connect(port, '127.0.0.2');
    other.socket.write(HEALTHZ);
    expect(await other.receive(/"status":"ok"/)).toMatch(/^HTTP\/1\.1 200 /);
    other.socket.destroy();

    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server sees the close a moment later; a new connection is served once it has.
    let again = connect(port);
    for (;;) {
      again.socket.write(HEALTHZ);
      const served = await again.receive(/"status":"ok"/).then(() => true, () => false);
      if (served) break;
      again = connect(port);
    }
    for (const client of [...held, again]) client.socket.destroy();
  });
});

describe('the web-serving roles (gateway, web)', () => {
  it('apply the same timeouts and connection cap', async () => {
    const app = await createEdgeApp(ConfigSchema.parse({ REQUEST_TIMEOUT_MS: 4000, HEADERS_TIMEOUT_MS: 3000, CONNECTION_TIMEOUT_MS: 5000, KEEP_ALIVE_TIMEOUT_MS: 6000, MAX_CONNECTIONS_PER_ADDRESS: 1, LOG_LEVEL: 'silent' }), 'web');
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(app.server).toMatchObject({ requestTimeout: 4000, headersTimeout: 3000, timeout: 5000, keepAliveTimeout: 6000 });
      const { port } = app.server.address() as net.AddressInfo;
      const first = connect(port);
      first.socket.write(HEALTHZ);
      await first.receive(/"status":"ok"/);
      const second = connect(port);
      await second.closed;
      expect(second.received()).toBe('');
      first.socket.destroy();
    } finally {
      await app.close();
    }
  });
});
