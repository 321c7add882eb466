import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * A V8 CPU profile of part of this process (what `node --cpu-prof` records, but around one piece
 * of work only), written as a .cpuprofile that Chrome DevTools opens, and summarised as the
 * frames with the most self time.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** One frame of the summary: where time was spent, and its share of all samples. */
interface HotFrame {
  frame: string;
  selfMs: number;
  percent: number;
}

export interface ProfileSummary {
  file: string | null;
  totalMs: number;
  /** Frames by self time, most first. */
  top: HotFrame[];
  /** Self time grouped by package (pg driver, PGlite, read-models, eventstore, node internals, idle, GC). */
  byArea: HotFrame[];
}

const shortUrl = (url: string): string => {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const repo = url.indexOf('/services/');
  if (repo >= 0) return url.slice(repo + 1);
  return url.replace(/^file:\/\//, '');
};

function areaOf(frame: ProfileNode['callFrame']): string {
  const { functionName: fn, url } = frame;
  if (fn === '(idle)') return '(idle: waiting for I/O, i.e. the database)';
  if (fn === '(garbage collector)') return '(garbage collector)';
  if (fn === '(program)') return '(program: V8/native outside JS)';
  if (url.includes('/pg-protocol/') || url.includes('/node_modules/pg/') || url.includes('/pg-types/')) return 'pg driver (protocol, parsing)';
  if (url.includes('@electric-sql/pglite')) return 'PGlite (WASM PostgreSQL in process)';
  if (url.includes('services/read-models')) return 'services/read-models (projector, projections)';
  if (url.includes('services/eventstore')) return 'services/eventstore (adapter)';
  if (url.includes('/bench/')) return 'bench (statement counter around the database)';
  if (url.startsWith('node:') || url === '') return 'node internals / natives (socket writes, timers)';
  return shortUrl(url).split('/').slice(0, 2).join('/');
}

/** Sums self time per frame and per area from a V8 profile. */
function summariseProfile(profile: CpuProfile, file: string | null, topN = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frames = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const ms = (deltas[i] ?? 0) / 1000;
    total += ms;
    const f = node.callFrame;
    const key = f.url ? `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}` : f.functionName || '(anonymous)';
    frames.set(key, (frames.get(key) ?? 0) + ms);
    const area = areaOf(f);
    areas.set(area, (areas.get(area) ?? 0) + ms);
  });
  const rank = (m: Map<string, number>, n: number): HotFrame[] =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([frame, selfMs]) => ({ frame, selfMs, percent: total > 0 ? (100 * selfMs) / total : 0 }));
  return { file, totalMs: total, top: rank(frames, topN), byArea: rank(areas, 8) };
}

/**
 * Runs `fn` under the V8 CPU profiler; writes the profile to `file` (when given) and answers the
 * result with the profile's summary.
 */
export async function profiled<T>(file: string | null, fn: () => Promise<T>): Promise<{ result: T; summary: ProfileSummary }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    const stop = async (): Promise<ProfileSummary> => {
      const stopped = (await session.post('Profiler.stop')) as { profile: CpuProfile };
      if (file) await writeFile(file, JSON.stringify(stopped.profile));
      return summariseProfile(stopped.profile, file);
    };
    let result: T;
    try {
      result = await fn();
    } catch (error) {
      await stop();
      throw error;
    }
    const summary = await stop();
    return { result, summary };
  } finally {
    session.disconnect();
  }
}

/** The summary as printable lines. */
export function profileLines(s: ProfileSummary): string[] {
  const pct = (f: HotFrame) => `${f.percent.toFixed(1).padStart(5)}%  ${f.frame}`;
  return [
    `CPU profile${s.file ? ` (${path.relative(process.cwd(), s.file)})` : ''}: ${(s.totalMs / 1000).toFixed(1)} s sampled`,
    'self time by area:',
    ...s.byArea.map((f) => `  ${pct(f)}`),
    'top frames by self time:',
    ...s.top.map((f) => `  ${pct(f)}`),
  ];
}
