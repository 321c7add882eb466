import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, REPO_ROOT } from './server.ts';

/** One process of the distributed mode. */
interface RoleProcess {
  name: string;
  /** e.g. 'http://127.0.0.1:41234' */
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
}

/** The distributed mode as processes: command, query, projector and the gateway in front of them. */
export interface Topology {
  /** The gateway's URL: the one address a browser opens. */
  gateway: string;
  processes: RoleProcess[];
  /** Every process's output, each under its name (for failure messages). */
  output(): string;
  /** Kills the processes, drops the schema and removes the blob directory. */
  stop(): Promise<void>;
}

/**
 * Starts the README's "Without Docker" topology from the sources (`node --import tsx
 * services/server/src/roles/<role>.ts`): one command, one query and one projector instance on a
 * fresh schema of `databaseUrl` (PostgreSQL) with `redisUrl`, their own DEPLOYMENT_NAME (so runs
 * sharing the Redis never meet), images on a temporary disk directory, then the gateway serving
 * the built web; each on a free port of 127.0.0.1, `env` added to every process. Resolves once
 * every process answers /healthz.
 * @throws when a process exits or is not healthy within 60 s; the message carries its output.
 */
export async function startTopology(options: { databaseUrl: string; redisUrl: string; env?: NodeJS.ProcessEnv }): Promise<Topology> {
  const name = `e2e_${randomBytes(5).toString('hex')}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE SCHEMA ${name}`);
  const schemaUrl = new URL(options.databaseUrl);
  schemaUrl.searchParams.set('options', `-c search_path=${name}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-e2e-topology-'));
  const processes: RoleProcess[] = [];

  const start = async (role: string, env: NodeJS.ProcessEnv = {}): Promise<RoleProcess> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', `services/server/src/roles/${role}.ts`], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: schemaUrl.toString(),
        REDIS_URL: options.redisUrl,
        DEPLOYMENT_NAME: name,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        READ_YOUR_WRITES_TIMEOUT_MS: '15000',
        ...options.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const proc = { name: role, url: `http://127.0.0.1:${port}`, child, output: () => output };
    processes.push(proc);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${role} exited with code ${child.exitCode}:\n${output}`);
      if (await fetch(`${proc.url}/healthz`).then((r) => r.ok, () => false)) return proc;
      if (Date.now() > deadline) throw new Error(`${role} did not answer /healthz within 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const stop = async () => {
    await Promise.all(
      processes.map(async (p) => {
        if (p.child.exitCode !== null || p.child.signalCode !== null) return;
        const gone = new Promise((r) => p.child.once('exit', r));
        p.child.kill('SIGKILL');
        await gone;
      }),
    );
    await onServer(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    // The command instance migrates the schema; the others start once it exists.
    const command = await start('command');
    const [query] = await Promise.all([start('query'), start('projector')]);
    const gateway = await start('gateway', { COMMAND_URLS: command.url, QUERY_URLS: query!.url });
    return { gateway: gateway.url, processes, output: () => processes.map((p) => `--- ${p.name}\n${p.output()}`).join('\n'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
