import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { machineLabel, type MachineInfo } from './machine.ts';

/** A number with its unit, e.g. { value: 812.4, unit: 'events/s' }. */
export interface Measure {
  value: number;
  unit: string;
}

/**
 * What a figure is held against. `pass` is null when no target is set for the line
 * (printed as 'no target'); otherwise the line says PASS or SHORT.
 */
export interface Target {
  text: string;
  pass: boolean | null;
}

/**
 * One measured line: the figure, the baseline measured in the same run and the ratio
 * figure ÷ baseline (for rates higher is better; for latencies and sizes lower is better;
 * the target text says which).
 */
export interface Measured {
  kind: 'measured';
  section: number;
  title: string;
  /** Sizes of the run, e.g. '2,000 events, 1 per transaction, 100 streams'. */
  sizes: string;
  figure: Measure;
  baseline: Measure & { name: string };
  ratio: number;
  target: Target;
  /** Extra facts for the reader (how the baseline was built, why a size was chosen, a profile). */
  notes: string[];
}

/** A line that could not be measured in this run, and why (e.g. BENCH_DATABASE_URL not set). */
export interface Skipped {
  kind: 'skipped';
  section: number;
  title: string;
  reason: string;
}

export type BenchResult = Measured | Skipped;

/** Builds a measured line; the ratio is figure ÷ baseline. */
export function measured(
  section: number,
  title: string,
  sizes: string,
  figure: Measure,
  baseline: Measure & { name: string },
  target: Target,
  notes: string[] = [],
): Measured {
  return { kind: 'measured', section, title, sizes, figure, baseline, ratio: figure.value / baseline.value, target, notes };
}

export const skipped = (section: number, title: string, reason: string): Skipped => ({ kind: 'skipped', section, title, reason });

/** Formats a number for people: thousands separators, at most `digits` decimals below 100. */
export function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? Math.min(digits, 1) : digits + 1;
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

const verdict = (t: Target): string => (t.pass === null ? 'no target' : t.pass ? 'PASS' : 'SHORT');

/** The printed form of a result: one line, then its notes indented. */
export function formatResult(r: BenchResult, machine: MachineInfo): string[] {
  if (r.kind === 'skipped') return [`[${r.section}] ${r.title} | machine: ${machineLabel(machine)} | skipped: ${r.reason}`];
  const line =
    `[${r.section}] ${r.title} | machine: ${machineLabel(machine)} | sizes: ${r.sizes}` +
    ` | figure: ${fmt(r.figure.value)} ${r.figure.unit}` +
    ` | baseline (same run): ${r.baseline.name} ${fmt(r.baseline.value)} ${r.baseline.unit}` +
    ` | ratio: ${fmt(r.ratio, 1)}×` +
    ` | target: ${r.target.text} | ${verdict(r.target)}`;
  return [line, ...r.notes.map((n) => `      ${n}`)];
}

/** Section titles by their number. */
export const SECTION_TITLES: Record<number, string> = {
  1: 'Event store append',
  2: 'Projection rebuild',
  3: 'Query API',
  4: 'Command to read-visible',
  5: 'Web',
  6: 'Embedded start',
  7: 'History growth',
  8: 'Paddock 3G',
  9: 'Live fan-out',
  10: 'Timing sheet preview',
  11: 'Team import',
};

/** A whole run as written to bench/results/<timestamp>.json. */
export interface RunRecord {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  machine: MachineInfo;
  postgres: string | null;
  sections: number[];
  results: BenchResult[];
  /** The printed text of the run, line by line. */
  output: string[];
}

/**
 * Writes <dir>/<timestamp>.json and, for a run of every section, <dir>/latest.json and
 * <dir>/latest.md (the printed output as text, the file the README links).
 */
export async function writeRun(dir: string, record: RunRecord): Promise<{ json: string; markdown: string | null }> {
  await mkdir(dir, { recursive: true });
  const stamp = record.startedAt.replace(/[:.]/g, '-');
  const json = path.join(dir, `${stamp}.json`);
  const body = JSON.stringify(record, null, 2);
  await writeFile(json, body);
  if (record.sections.length < Object.keys(SECTION_TITLES).length) return { json, markdown: null };
  await writeFile(path.join(dir, 'latest.json'), body);
  const markdown = path.join(dir, 'latest.md');
  await writeFile(
    markdown,
    [
      '# Latest `npm run bench` run',
      '',
      `Started ${record.startedAt}, took ${fmt(record.durationSeconds)} s on ${machineLabel(record.machine)} (${record.machine.cpuModel}, Node ${record.machine.node}${record.postgres ? `, ${record.postgres}` : ''}).`,
      'Each line: figure, the baseline measured in the same run, figure ÷ baseline, the target and PASS/SHORT.',
      '',
      '```text',
      ...record.output,
      '```',
      '',
    ].join('\n'),
  );
  return { json, markdown };
}
