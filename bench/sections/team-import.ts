import { monitorEventLoopDelay } from 'node:perf_hooks';
import { carLines, manifestFor, zipOf } from '../../services/server/test/export-files.ts';
import { startPitwallFixture } from '../lib/pitwall-fixture.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { nowMs } from '../lib/timing.ts';

/**
 * Section 11: a stranger's large team import must not hold the server's event loop. The file is
 * `events` lines that are events by shape (a car's creation each) and no team creation, so the
 * import reads and checks every line and then refuses it: the reading is the whole cost, as in an
 * attack. The figure is the longest event-loop block while it runs (monitorEventLoopDelay,
 * resolution 10 ms) on the embedded PGlite app; the baseline is what a reader without yielding
 * blocks for: JSON.parse of every line in one synchronous pass, in the same run. Target ≤ 100 ms.
 */
export interface TeamImportSizes {
  events: number;
}

const TEAM_IMPORT_FULL: TeamImportSizes = { events: 200_000 };

const TARGET_MS = 100;

/** Runs section 11. */
export async function benchTeamImport(options: { sizes?: TeamImportSizes } = {}): Promise<BenchResult[]> {
  const sizes = options.sizes ?? TEAM_IMPORT_FULL;
  const events = carLines(sizes.events);
  const file = await zipOf(new Map([['events.ndjson', events], ['members.json', Buffer.from('[]')], ['manifest.json', manifestFor(events, sizes.events)]]), { zlib: { level: 1 } });
  const fixture = await startPitwallFixture({ kind: 'pglite' }, 0);
  try {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/zip' }), 'team.zip');
    const body = new Response(form);
    const payload = Buffer.from(await body.arrayBuffer());
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = nowMs();
    const res = await fixture.pitwall.app.inject({ method: 'POST', url: '/api/teams/import', headers: { cookie: fixture.cookie, 'content-type': body.headers.get('content-type')! }, payload });
    const tookMs = nowMs() - started;
    delay.disable();
    if (res.statusCode !== 400) throw new Error(`the import answered ${res.statusCode}, not the refusal: ${res.body.slice(0, 200)}`);
    const blockMs = delay.max / 1e6;

    const text = events.toString('utf8');
    const parseStart = nowMs();
    for (const line of text.split('\n')) if (line) JSON.parse(line);
    const oneSyncPassMs = nowMs() - parseStart;

    return [
      measured(
        11,
        'Team import · a stranger’s large events.ndjson, read and refused · longest event-loop block',
        `${sizes.events.toLocaleString('en-US')} event lines, ${fmt(events.length / 1024 / 1024, 1)} MB unpacked, ${fmt(file.length / 1024 / 1024, 1)} MB zip, PGlite`,
        { value: blockMs, unit: 'ms' },
        { name: 'JSON.parse of every line in one synchronous pass', value: oneSyncPassMs, unit: 'ms' },
        { text: `≤ ${TARGET_MS} ms`, pass: blockMs <= TARGET_MS },
        [`the import took ${fmt(tookMs / 1000, 1)} s and answered: ${res.json<{ message: string }>().message}`],
      ),
    ];
  } finally {
    await fixture.close();
  }
}
