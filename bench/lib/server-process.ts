import path from 'node:path';
import { compile } from '../../services/server/scripts/compile.ts';
import { SERVER_ENTRIES } from '../../services/server/scripts/server-entries.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import getPort from 'get-port';
import { REPO_ROOT } from './season-events.ts';
import { nowMs, sleep } from './timing.ts';

/**
 * A server started as its own process, the README's way for Pitwall (`node
 * services/server/dist/main.js`, what `npm start` runs after `npm run build`, with PORT, HOST
 * and DATA_DIR, DATABASE_URL removed so it runs embedded), timed from spawn to the first 200 on
 * /healthz (polled every 10 ms).
 */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 on /healthz. */
  startMs: number;
  /** Resident set size of the process now (VmRSS), in bytes. */
  rssBytes(): Promise<number>;
  output(): string;
  stop(): Promise<void>;
}

/** Resident memory of a process from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Spawns `node <script>` (through tsx for a .ts script) in the repository root and waits for /healthz. */
export async function startServerProcess(script: string, options: { dataDir: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<ServerProcess> {
  const port = await getPort({ host: '127.0.0.1' });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env };
  delete env.DATABASE_URL;
  const start = nowMs();
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : ['--enable-source-maps', script];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = start + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`${script} exited before it was healthy:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (nowMs() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${url}/healthz in time:\n${output}`);
    }
    await sleep(10);
  }
  const startMs = nowMs() - start;
  return {
    url,
    pid: child.pid!,
    startMs,
    rssBytes: () => rssOf(child.pid!),
    output: () => output,
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Pitwall's entry point, as `npm start` runs it (compiled by `npm run build`: see compileForBench). */
export const PITWALL_MAIN = 'services/server/dist/main.js';
/** The baseline process of section 6, compiled the same way: PGlite on the same data dir and a bare Fastify /healthz. */
export const BARE_EMBEDDED = 'bench/.build/bare-embedded.js';

/**
 * Compiles Pitwall's server and the bare baseline the same way (services/server/scripts/compile.ts,
 * what `npm start` runs), so both start as plain `node file.js`.
 */
export async function compileForBench(): Promise<void> {
  await compile({ absWorkingDir: path.join(REPO_ROOT, 'services/server'), entries: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([out, src]) => [out, `src/${src}`])), outdir: 'dist' });
  await compile({ absWorkingDir: REPO_ROOT, entries: { 'bare-embedded': 'bench/fixtures/bare-embedded.ts' }, outdir: 'bench/.build' });
}
