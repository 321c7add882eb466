/**
 * Idle event streams held by a child process, so that a server's memory is measured without its
 * clients'. `openIdleStreams(base, cookie, n)` spawns this file, which opens `n` `GET /api/live`
 * streams (fetch, a few dozen at a time), prints 'ready' once every one answered 200, and holds
 * them until it is killed.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Spawns the holder; resolves once all `n` streams are open. `close()` ends them (kills the holder). */
export async function openIdleStreams(base: string, cookie: string, n: number): Promise<{ close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, base, cookie, String(n)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => (line === 'ready' ? resolve() : reject(new Error(`idle streams: ${line}`))));
    child.on('exit', (code) => reject(new Error(`idle streams holder exited with ${code}`)));
  });
  return { close: () => child.kill('SIGKILL') };
}

if (process.argv[1] === import.meta.filename) {
  const [base, cookie, count] = process.argv.slice(2) as [string, string, string];
  const held: ReadableStreamDefaultReader<Uint8Array>[] = [];
  for (let opened = 0; opened < Number(count); opened += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, Number(count) - opened) }, async () => {
        const response = await fetch(new URL('/api/live', base), { headers: { cookie, accept: 'text/event-stream' } });
        if (response.status !== 200 || !response.body) throw new Error(`GET /api/live answered ${response.status}`);
        const reader = response.body.getReader();
        // Read and drop what arrives (heartbeats), as an idle browser does.
        void (async () => {
          while (!(await reader.read().catch(() => ({ done: true }))).done);
        })();
        return reader;
      }),
    );
    held.push(...batch);
  }
  console.log('ready');
}
