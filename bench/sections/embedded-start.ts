import { cp } from 'node:fs/promises';
import path from 'node:path';
import { importSeason } from '../../services/server/src/seed/import-season.ts';
import { loadSeasonFile } from '../../services/server/src/seed/season-file.ts';
import { tempDir } from '../lib/databases.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { REPO_ROOT } from '../lib/season-events.ts';
import { BARE_EMBEDDED, compileForBench, PITWALL_MAIN, startServerProcess } from '../lib/server-process.ts';
import { median } from '../lib/timing.ts';

/**
 * Section 6: embedded start. Starts Pitwall the README's way (the compiled server, `node
 * services/server/dist/main.js`) on a fresh data dir, imports the
 * demo season through the API (`npm run seed`'s importSeason), reads its resident memory, stops
 * it, then times restarts on that existing data dir: spawn to the first 200 on /healthz (median).
 * Baseline in the same run: a bare process compiled and started the same way (`node file.js`) that opens
 * PGlite on a copy of the same data dir and answers /healthz with bare Fastify — its start time
 * and its resident memory after reading the event count.
 */

export interface StartSizes {
  /** Timed restarts of each process (the median is the figure). */
  restarts: number;
}

const START_FULL: StartSizes = { restarts: 7 };

const mb = (bytes: number) => bytes / 2 ** 20;
/** Target: start on an existing data dir ≤ 1.3× the bare stack, RSS ≤ 1.25× the bare stack. */
const START_TARGET = 1.3;
const RSS_TARGET = 1.25;

/** Runs section 6 (always embedded: PGlite, no DATABASE_URL). */
export async function benchEmbeddedStart(options: { sizes?: StartSizes; log?: (line: string) => void }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? START_FULL;
  const log = options.log ?? (() => {});
  await compileForBench();
  const data = await tempDir('start');
  const copy = await tempDir('start-bare');
  try {
    log('  first start on a fresh data dir, importing the demo season…');
    const first = await startServerProcess(PITWALL_MAIN, { dataDir: data.dir });
    let seededRss: number;
    let imported: number;
    try {
      const report = await importSeason(await loadSeasonFile(path.join(REPO_ROOT, 'data/demo-season.json')), { baseUrl: first.url });
      imported = Object.values(report.imported).reduce((a, b) => a + b, 0);
      seededRss = await first.rssBytes();
    } finally {
      await first.stop();
    }
    await cp(data.dir, copy.dir, { recursive: true });

    const pitwallStarts: number[] = [];
    const bareStarts: number[] = [];
    let restartedRss = 0;
    let bareRss = 0;
    for (let i = 0; i < sizes.restarts; i++) {
      const p = await startServerProcess(PITWALL_MAIN, { dataDir: data.dir });
      pitwallStarts.push(p.startMs);
      if (i === 0) restartedRss = await p.rssBytes();
      await p.stop();
      const b = await startServerProcess(BARE_EMBEDDED, { dataDir: copy.dir });
      bareStarts.push(b.startMs);
      if (i === 0) {
        const count = (await (await fetch(`${b.url}/count`)).json()) as { n: number };
        if (!(count.n > 0)) throw new Error('the baseline process sees no events in the copied data dir');
        bareRss = await b.rssBytes();
      }
      await b.stop();
    }
    const sizesText = `existing data dir with the demo season (${imported} items imported through the API), ${sizes.restarts} restarts each, median`;
    return [
      measured(6, 'Embedded start · spawn to first 200 on /healthz', sizesText, { value: median(pitwallStarts), unit: 'ms' }, { name: 'bare node + PGlite + Fastify (compiled the same way)', value: median(bareStarts), unit: 'ms' },
        { text: `≤ ${START_TARGET}× the bare stack`, pass: median(pitwallStarts) <= START_TARGET * median(bareStarts) },
        [
          `Pitwall: ${pitwallStarts.map((m) => fmt(m)).join(', ')} ms; baseline: ${bareStarts.map((m) => fmt(m)).join(', ')} ms; first start on the empty dir took ${fmt(first.startMs)} ms`,
          'timed: `node services/server/dist/main.js` (what `npm start` runs after `npm run build`; the build is not part of the start)',
        ]),
      measured(6, 'Embedded start · resident memory after the demo season is loaded', `demo season imported through the API (${imported} items), RSS of the server process`, { value: mb(seededRss), unit: 'MiB' },
        { name: 'bare PGlite + Fastify process after a restart on the same data', value: mb(bareRss), unit: 'MiB' }, { text: 'none set', pass: null },
        [`after a restart on the same data dir: ${fmt(mb(restartedRss))} MiB (next line)`]),
      measured(6, 'Embedded start · resident memory after a restart on the demo season', 'RSS of the server process once it answers /healthz on the existing data dir', { value: mb(restartedRss), unit: 'MiB' },
        { name: 'bare PGlite + Fastify process on the same data', value: mb(bareRss), unit: 'MiB' }, { text: `≤ ${RSS_TARGET}× the bare stack`, pass: restartedRss <= RSS_TARGET * bareRss }),
    ];
  } finally {
    await data.remove();
    await copy.remove();
  }
}
