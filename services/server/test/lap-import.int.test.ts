import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAP_EXPORT_MAX_CHARS, type LapsPreview, type RunSession } from '@pitwall/contracts';
import { findSession } from '@pitwall/read-models';
import { databases, eventCount, rebuildReadModels } from './helpers.ts';
import { created, givenTeam, scratchDatabase, testServer, type Api } from './scenario.ts';

/** Timing exports written for the contracts' unit tests from the vendors' published formats. */
const exportFile = (name: string) => readFileSync(path.join(import.meta.dirname, '../../contracts/test/lap-exports', name), 'utf8');

/** Each test has a team, car, race event (1.929 km) and FP2 session of its own (beforeEach). */
describe.each(databases)('lap times from timing exports on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let car: { id: number };
  let sessions: string;
  let session: RunSession;
  let preview: string;
  beforeEach(async () => {
    let raceEvent: { id: number };
    ({ api: owner, car, raceEvent } = await givenTeam(server.pitwall, { raceEvent: { name: 'Club Sprint Round 3', location: 'Pacific Raceways Short', date: '2026-03-21', trackLength: '1.929 km' } }));
    sessions = `/api/cars/${car.id}/events/${raceEvent.id}/sessions`;
    session = await created<RunSession>(owner.post(sessions, { name: 'FP2', type: 'practice', startedAt: '2026-03-21T10:00:00Z' }));
    preview = `${sessions}/${session.id}/laps/preview`;
  });

  it('previews each format, recognised by content, and stores nothing', async () => {
    const before = await eventCount(server.pitwall);
    const answers = await Promise.all(
      ['aim-race-studio.csv', 'speedhive-all-laps.csv', 'alkamel-analysis.csv'].map(async (file) => (await owner.post(preview, { text: exportFile(file) })).json() as LapsPreview),
    );
    expect(answers.map((a) => a.format)).toEqual(['aim-csv', 'speedhive-csv', 'alkamel-csv']);
    expect(answers[0]!.laps.map((l) => [l.time, l.kind])).toEqual([['1:42.611', 'out'], ['1:09.870', 'timed'], ['1:08.914', 'timed'], ['1:09.205', 'timed'], ['1:31.402', 'in']]);
    expect(answers[1]!.laps.filter((l) => l.kind === 'in').map((l) => l.lapNumber)).toEqual([4, 9, 12]);
    // RaceChrono v3 at 10 Hz: over the line at 5.0 s, 74.9 s and 143.8 s → laps 1 and 2.
    const samples = Array.from({ length: 1500 }, (_, i) => i / 10).map((t) => `${(1774086120 + t).toFixed(3)},0,${[5, 74.9, 143.8].filter((c) => c <= t + 1e-9).length || ''},${t.toFixed(3)},${(t * 27).toFixed(1)},27.1,27.0`);
    const raceChrono = ['This file is created using RaceChrono v8.1.4.', 'Format,3', 'Session title,"FP2"', '', 'timestamp,fragment_id,lap_number,elapsed_time,distance_traveled,speed,speed', 'unix time,,,s,m,m/s,m/s', ',,,,,100: gps,200: obd', ...samples].join('\n');
    expect((await owner.post(preview, { text: raceChrono })).json()).toMatchObject({ format: 'racechrono-csv', problems: [], laps: [{ lapNumber: 1, time: '1:09.900' }, { lapNumber: 2, time: '1:08.900' }] });
    const lines = (await owner.post(preview, { text: '1 1:09.870\n2 1:4x\n3 0:19.100' })).json() as LapsPreview;
    expect(lines).toMatchObject({ format: 'lines', problems: [{ line: 2 }] });
    // 19.1 s over the race event's 1.929 km would be 364 km/h: flagged, and not counted as it comes.
    expect(lines.laps[1]).toMatchObject({ lapNumber: 3, kind: 'invalid', implausible: expect.stringContaining('364 km/h') });
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('lists the cars of an export holding several and reads no laps until one is chosen; then that car only', async () => {
    const text = exportFile('alkamel-analysis.csv');
    expect((await owner.post(preview, { text })).json()).toMatchObject({ format: 'alkamel-csv', laps: [], carNumbers: ['7', '27', '31'] });
    const ours = (await owner.post(preview, { text, carNumber: '27' })).json() as LapsPreview;
    expect(ours.laps).toHaveLength(9);
    expect(ours.laps[3]).toMatchObject({ kind: 'out', pitStopMs: 58_300, driverName: 'Marco ROSSI', sectorsMs: [62_100, 30_118, 33_112] });
    // A client that sends the number as a JSON number, as before car numbers were text, reads the same car.
    expect(((await owner.post(preview, { text, carNumber: 27 })).json() as LapsPreview).laps).toEqual(ours.laps);
    const absent = await owner.post(preview, { text, carNumber: '99' });
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toEqual({ message: 'carNumber: Car 99 is not in this file: it holds cars 7, 27, 31.' });
  });

  it('answers a file that is no export with 400 and one sentence naming text', async () => {
    const png = new TextDecoder().decode(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect((await owner.post(preview, { text: png })).json()).toEqual({ message: expect.stringMatching(/^text: This is a PNG image, not a lap time export: /) });
    expect((await owner.post(preview, { text: '' })).json()).toEqual({ message: expect.stringMatching(/^text: The file is empty: /) });
    expect((await owner.post(preview, {})).statusCode).toBe(400);
  });

  it('reads an export of up to 10 MB (beyond the 256 KiB of other routes) and answers 413 above it', async () => {
    const row = '1,0,1,12.345,1234.5,1.2,12.3,181.5,25,3,47.2542,-122.3271,14,30.12,0.41\n';
    const big = `Format,3\n${'x'.repeat(LAP_EXPORT_MAX_CHARS - 9)}`;
    expect(big.length).toBe(LAP_EXPORT_MAX_CHARS);
    expect((await owner.post(preview, { text: big })).statusCode).toBe(200);
    const over = await owner.post(preview, { text: `${big}${row}` });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'text: a timing export may be at most 10 MB' });
    const overLimit = await owner.post(preview, { text: 'a"\n'.repeat(LAP_EXPORT_MAX_CHARS) });
    expect(overLimit.statusCode).toBe(413);
  });

  it('stores sector times and drivers, answers the best sectors, the theoretical best, and refuses sectors that do not add up, naming the lap', async () => {
    const laps = [
      { lapTimeMs: 69_870, kind: 'timed', sectorsMs: [23_431, 22_907, 23_532], driverName: 'Aiko TANAKA' },
      { time: '1:08.914', kind: 'timed', sectorsMs: [23_102, 22_771, 23_041], driverName: 'Aiko TANAKA' },
      { time: '1:31.402', kind: 'in', sectorsMs: [23_050, 22_700, 45_652] },
      { time: '1:09.205', kind: 'timed', sectorsMs: [23_228, 22_845, 23_132] },
      { time: '1:07.998', kind: 'invalid', sectorsMs: [22_801, 22_502, 22_695] },
    ];
    const saved = (await owner.put(`${sessions}/${session.id}/laps`, { laps })).json() as RunSession;
    expect(saved.laps[0]).toEqual({ lapNumber: 1, time: '1:09.870', lapTimeMs: 69_870, kind: 'timed', sectorsMs: [23_431, 22_907, 23_532], driverName: 'Aiko TANAKA' });
    expect(saved.laps[3]!.driverName).toBeNull();
    // As official timing counts them: the in lap's S1 and S2 are raced sectors and count; the invalid lap's do not.
    expect(saved).toMatchObject({ bestLapMs: 68_914, bestSectorsMs: [23_050, 22_700, 23_041], theoreticalBestMs: 68_791 });
    const again = (await owner.get(`${sessions}/${session.id}`)).json() as RunSession;
    expect(again).toMatchObject({ bestSectorsMs: [23_050, 22_700, 23_041], theoreticalBestMs: 68_791 });
    const mixed = [laps[0], { ...laps[1], sectorsMs: [23_102, 22_771, 22_900] }];
    const before = await eventCount(server.pitwall);
    const bad = await owner.put(`${sessions}/${session.id}/laps`, { laps: mixed });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'laps[1].sectorsMs: lap 2: its sector times add up to 1:08.773, not its lap time 1:08.914 (they must agree within 0.01 s)' });
    // Within 0.01 s is accepted.
    expect((await owner.put(`${sessions}/${session.id}/laps`, { laps: [{ ...laps[1], sectorsMs: [23_102, 22_771, 23_051] }] })).statusCode).toBe(200);
    expect((await owner.put(`${sessions}/${session.id}/laps`, { laps: [{ ...laps[1], sectorsMs: [1, 2, 3, 4, 5, 6, 7] }] })).json()).toEqual({ message: expect.stringMatching(/^laps row 1 sectorsMs: /) });
    expect((await owner.put(`${sessions}/${session.id}/laps`, { laps: [{ kind: 'timed' }] })).json()).toEqual({ message: expect.stringContaining('send either time or lapTimeMs') });
    expect(await eventCount(server.pitwall)).toBe(before + 1);
  });

  it('reads laps stored before sector times existed (a v1 SessionLapsSet): a rebuild projects them without sectors, and the same laps sent again change nothing', { timeout: 60_000 }, async () => {
    const { pitwall } = server;
    const old = (await owner.post(sessions, { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' })).json() as RunSession;
    await owner.put(`${sessions}/${old.id}/laps`, { laps: [{ time: '1:50.2', kind: 'out' }, { time: '1:09.870', kind: 'timed' }] });
    // Make the stored event exactly what the previous release wrote: no sectorsMs / driverName, schema version 1.
    await pitwall.deps.db.query(
      `UPDATE events SET data = jsonb_set(data, '{laps}', '[{"lapTimeMs":110200,"kind":"out"},{"lapTimeMs":69870,"kind":"timed"}]'), metadata = metadata || '{"schemaVersion":1}'
        WHERE type = 'SessionLapsSet' AND stream_name = $1`,
      [`session-${old.id}`],
    );
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 50);
    const rebuilt = await findSession(target, car.id, old.id);
    expect(rebuilt?.laps.map((l) => [l.lapTimeMs, l.kind, l.sectorsMs, l.driverName])).toEqual([[110_200, 'out', [], null], [69_870, 'timed', [], null]]);
    expect(rebuilt).toMatchObject({ bestLapMs: 69_870, bestSectorsMs: [], theoreticalBestMs: null });
    const before = await eventCount(server.pitwall);
    expect((await owner.put(`${sessions}/${old.id}/laps`, { laps: [{ time: '1:50.200', kind: 'out' }, { time: '1:09.870', kind: 'timed' }] })).statusCode).toBe(200);
    expect(await eventCount(server.pitwall)).toBe(before);
  });
});
