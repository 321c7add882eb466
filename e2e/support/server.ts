import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import getPort from 'get-port';
import os from 'node:os';
import path from 'node:path';

/** The repository root (this file is e2e/support/server.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A Pitwall started the README's way, as its own process. */
export interface PitwallProcess {
  /** e.g. 'http://127.0.0.1:41234' */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Sends SIGTERM and waits for the process to exit; answers its exit code (null if killed by a signal). */
  stop(): Promise<number | null>;
  /** Kills the process with SIGKILL (a crash: nothing runs on the way out) and waits until it is gone. */
  kill(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago (get-port: not handed out twice by this process). */
export const freePort = (): Promise<number> => getPort({ host: '127.0.0.1' });

/** A fresh temporary data directory; remove it with `removeDataDir`. */
export async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'pitwall-e2e-'));
}

export async function removeDataDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * Fails fast with a useful message when the web has not been built: `npm test` builds it before
 * vitest runs, and the e2e tests never rebuild it themselves.
 */
export function assertWebBuilt(): void {
  const missing = ['shell/dist/index.html', 'mfe-cars/dist/mf-manifest.json'].filter((f) => !existsSync(path.join(REPO_ROOT, f)));
  if (missing.length) throw new Error(`The web is not built (missing ${missing.join(', ')}). Run \`npm run build\` first; \`npm test\` does.`);
}

/**
 * Starts `node --import tsx services/server/src/main.ts` (what `npm start` runs after building the
 * web) with PORT and DATA_DIR, on the embedded default (DATABASE_URL removed unless `env` names
 * one), and waits until
 * GET /healthz answers 200.
 * @throws when the process exits before it is healthy, or is not healthy within `timeoutMs`;
 *   the message carries the process output.
 */
export async function startPitwall(options: { dataDir: string; port?: number; timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<PitwallProcess> {
  const port = options.port ?? (await freePort());
  // A generous read-your-writes wait: a loaded CI machine must not turn a slow projection into a failure.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', READ_YOUR_WRITES_TIMEOUT_MS: '15000' };
  delete env.DATABASE_URL;
  Object.assign(env, options.env);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`Pitwall exited with code ${child.exitCode} before it was healthy:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Pitwall did not answer ${url}/healthz within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    dataDir: options.dataDir,
    output: () => output,
    async kill() {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (hasExited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
