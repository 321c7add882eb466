/**
 * `npm run bench`: measures Pitwall against baselines built in the same run and prints
 * one line per figure — machine, sizes, figure, baseline, ratio, target, PASS/SHORT — then writes
 * bench/results/<timestamp>.json, latest.json and latest.md.
 *
 * Environment:
 * - BENCH_DATABASE_URL  PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test); every
 *                       measurement gets a fresh schema, dropped afterwards. Unset: the PostgreSQL
 *                       lines say 'skipped: BENCH_DATABASE_URL not set' and sections 3, 4 and 9 use PGlite.
 * - BENCH_SECTIONS      e.g. '1,3' to run only some sections (default: all eleven).
 * - BENCH_BUDGET_SECONDS the whole run's time budget (default 900 = 15 minutes); the PostgreSQL
 *                       rebuild of section 2 shrinks its size to fit (and says so).
 *
 * Sections run in the order 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 2 (the rebuild last, sized to the time left) and are
 * printed in the order 1–10 at the end. Each starts once the machine is quiet (waitForQuietMachine, at
 * most QUIET_MAX_MS; each section's heading says how long it waited).
 */
import path from 'node:path';
import { machineInfo, waitForQuietMachine } from './lib/machine.ts';
import { postgresVersion } from './lib/databases.ts';
import { formatResult, SECTION_TITLES, skipped, writeRun, type BenchResult, type RunRecord } from './lib/report.ts';
import { REPO_ROOT } from './lib/season-events.ts';
import { nowMs } from './lib/timing.ts';
import { benchAppend } from './sections/append.ts';
import { benchCommandVisible } from './sections/command-visible.ts';
import { benchEmbeddedStart } from './sections/embedded-start.ts';
import { benchHistoryGrowth } from './sections/history-growth.ts';
import { benchLapImport } from './sections/lap-import.ts';
import { benchLiveFanout } from './sections/live-fanout.ts';
import { benchPaddock } from './sections/paddock.ts';
import { benchQueryApi } from './sections/query-api.ts';
import { benchRebuild } from './sections/projection-rebuild.ts';
import { benchTeamImport } from './sections/team-import.ts';
import { benchWeb } from './sections/web.ts';

const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');
/** Seconds kept at the end of the budget for writing results and the process exiting. */
const FINAL_MARGIN_SECONDS = 30;

const processStart = nowMs() - process.uptime() * 1000;
const startedAt = new Date();
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const budgetSeconds = Number(process.env.BENCH_BUDGET_SECONDS ?? 900);
const ALL_SECTIONS = Object.keys(SECTION_TITLES).map(Number);
const wanted = new Set((process.env.BENCH_SECTIONS ?? ALL_SECTIONS.join(',')).split(',').map((s) => Number(s.trim())));
const machine = machineInfo();
const log = (line: string) => process.stderr.write(`${line}\n`);

const postgres = databaseUrl ? await postgresVersion(databaseUrl) : null;
if (databaseUrl && !postgres) {
  console.error(`BENCH_DATABASE_URL is set but the server does not answer: ${databaseUrl}`);
  process.exit(1);
}

const deadlineMs = processStart + (budgetSeconds - FINAL_MARGIN_SECONDS) * 1000;
const sections: [number, () => Promise<BenchResult[]>][] = [
  [1, () => benchAppend({ databaseUrl })],
  [3, () => benchQueryApi({ databaseUrl, log })],
  [4, () => benchCommandVisible({ databaseUrl })],
  [5, () => benchWeb({ log })],
  [6, () => benchEmbeddedStart({ log })],
  [7, () => benchHistoryGrowth({ databaseUrl, log })],
  [8, () => benchPaddock({ log })],
  [9, () => benchLiveFanout({ databaseUrl })],
  [10, () => benchLapImport()],
  [11, () => benchTeamImport()],
  [2, () => benchRebuild({ databaseUrl, deadlineMs, resultsDir: RESULTS_DIR, log })],
];

log(`Pitwall bench on ${machine.cores} cores (${machine.cpuModel}), ${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB, Node ${machine.node}; ` +
  `PostgreSQL: ${postgres ?? 'none (BENCH_DATABASE_URL not set)'}; budget ${budgetSeconds} s`);
const results: BenchResult[] = [];
let failed = false;
/** The longest a section waits for the machine to be quiet after the one before (ms). */
const QUIET_MAX_MS = 60_000;
/** Per section, the wait for a quiet machine before it started ('machine quiet after 1.0 s'), as its log and results heading say it. */
const quietBefore = new Map<number, string>();

for (const [section, run] of sections) {
  if (!wanted.has(section)) continue;
  const { waitedMs, quiet } = await waitForQuietMachine(QUIET_MAX_MS);
  quietBefore.set(section, quiet ? `machine quiet after ${(waitedMs / 1000).toFixed(1)} s` : `machine still busy after ${QUIET_MAX_MS / 1000} s`);
  log(`\n== ${section}. ${SECTION_TITLES[section]} (at ${((nowMs() - processStart) / 1000).toFixed(0)} s; ${quietBefore.get(section)})`);
  const start = nowMs();
  let lines: BenchResult[];
  try {
    lines = await run();
  } catch (error) {
    failed = true;
    lines = [skipped(section, SECTION_TITLES[section]!, `FAILED: ${(error as Error).stack ?? String(error)}`)];
  }
  for (const r of lines) for (const line of formatResult(r, machine)) log(line);
  log(`   (${((nowMs() - start) / 1000).toFixed(1)} s)`);
  results.push(...lines);
}

const durationSeconds = (nowMs() - processStart) / 1000;
const ordered = [...results].sort((a, b) => a.section - b.section);
const output: string[] = [
  `Pitwall bench · ${startedAt.toISOString()} · ${machine.cores} cores (${machine.cpuModel}), ${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB · Node ${machine.node} · ${postgres ?? 'no PostgreSQL (BENCH_DATABASE_URL not set)'}`,
];
for (const section of ALL_SECTIONS.filter((s) => wanted.has(s))) {
  output.push('', `## ${section}. ${SECTION_TITLES[section]}`, `(${quietBefore.get(section)})`);
  for (const r of ordered.filter((x) => x.section === section)) output.push(...formatResult(r, machine));
}
const shortfalls = ordered.filter((r) => r.kind === 'measured' && r.target.pass === false);
output.push(
  '',
  `Total: ${durationSeconds.toFixed(0)} s (budget ${budgetSeconds} s). ${shortfalls.length} of ${ordered.filter((r) => r.kind === 'measured' && r.target.pass !== null).length} targeted lines SHORT` +
    (shortfalls.length ? `: ${shortfalls.map((r) => r.title).join('; ')}` : '.'),
);
console.log(`\n${output.join('\n')}`);

const record: RunRecord = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  durationSeconds,
  machine,
  postgres,
  sections: ALL_SECTIONS.filter((s) => wanted.has(s)),
  results: ordered,
  output,
};
const written = await writeRun(RESULTS_DIR, record);
console.log(`\nWrote ${path.relative(REPO_ROOT, written.json)}${written.markdown ? `, bench/results/latest.json and ${path.relative(REPO_ROOT, written.markdown)}` : ' (not latest.*: only some sections ran)'}`);
process.exit(failed ? 1 : 0);
