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
