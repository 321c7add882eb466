import os from 'node:os';

/** The machine a run measured on; every result line names it (numbers drift between machines). */
export interface MachineInfo {
  cores: number;
  cpuModel: string;
  totalMemoryBytes: number;
  node: string;
  platform: string;
}

/** Reads the machine's cores (`os.cpus().length`), memory (`os.totalmem()`), CPU model and Node version. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** Short label for result lines, e.g. '2 cores, 23.5 GiB'. */
export function machineLabel(m: MachineInfo): string {
  return `${m.cores} cores, ${(m.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB`;
}

/** CPU time of all cores so far: idle and total (ms, from `os.cpus()`). */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

/** A window of QUIET_WINDOW_MS counts as quiet when at least this share of all cores' time was idle. */
const QUIET_IDLE_SHARE = 0.9;
const QUIET_WINDOW_MS = 500;
/** Quiet windows in a row that make the machine quiet. */
const QUIET_WINDOWS = 2;

/**
 * Waits until the machine is quiet (QUIET_WINDOWS windows in a row of QUIET_WINDOW_MS with at least
 * QUIET_IDLE_SHARE of all cores idle), at most `maxMs`, so a section measures Pitwall and not what the
 * one before left running (PostgreSQL's autovacuum and checkpoint after a large load, a server still
 * stopping). Answers the ms waited and whether the machine was quiet by then.
 */
export async function waitForQuietMachine(maxMs: number): Promise<{ waitedMs: number; quiet: boolean }> {
  const start = Date.now();
  let inRow = 0;
  let before = cpuTimes();
  while (Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const now = cpuTimes();
    const idleShare = (now.idle - before.idle) / Math.max(1, now.total - before.total);
    before = now;
    inRow = idleShare >= QUIET_IDLE_SHARE ? inRow + 1 : 0;
    if (inRow >= QUIET_WINDOWS) return { waitedMs: Date.now() - start, quiet: true };
  }
  return { waitedMs: Date.now() - start, quiet: false };
}
