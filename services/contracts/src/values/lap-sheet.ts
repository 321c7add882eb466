import type { LapKind } from '../sessions.ts';
import { formatLapTime } from './sessions.ts';

/** What a lap sheet row needs of a lap: its time (ms), kind, sectors (ms) and the driver named by the timing export. */
interface SheetLap {
  lapTimeMs: number;
  kind: LapKind;
  sectorsMs: readonly number[];
  driverName: string | null;
}
/** What a lap sheet needs of a stint: its driver and its laps (1-based, inclusive). */
interface SheetStint {
  driverMemberId: number;
  fromLap: number;
  toLap: number;
}

/**
 * A run sheet's laps for a spreadsheet, one row per lap: the header `lap, time, lap_time_ms, s1 …
 * sN (N = `sectorColumns`, by default the most sectors of any lap; ms), driver, kind, stint`, then each lap — its number
 * (1-based), time as `m:ss.fff`, ms, sector times in ms (empty where the lap has none), the driver
 * (the timing export's name, else the name of its stint's member by `memberName`, else empty), its
 * kind and its stint's number (1-based in lap order; empty outside any stint). Cells are text.
 */
export function lapSheetRows(laps: readonly SheetLap[], stints: readonly SheetStint[], memberName: (memberId: number) => string | null, sectorColumns?: number): string[][] {
  const sectorCount = sectorColumns ?? Math.max(0, ...laps.map((l) => l.sectorsMs.length));
  const ordered = [...stints].sort((a, b) => a.fromLap - b.fromLap);
  const header = ['lap', 'time', 'lap_time_ms', ...Array.from({ length: sectorCount }, (_, i) => `s${i + 1}_ms`), 'driver', 'kind', 'stint'];
  const rows = laps.map((lap, i) => {
    const stintIndex = ordered.findIndex((s) => s.fromLap <= i + 1 && i + 1 <= s.toLap);
    const stint = ordered[stintIndex];
    const driver = lap.driverName ?? (stint ? memberName(stint.driverMemberId) : null) ?? '';
    const sectors = Array.from({ length: sectorCount }, (_, s) => (lap.sectorsMs[s] === undefined ? '' : String(lap.sectorsMs[s])));
    return [String(i + 1), formatLapTime(lap.lapTimeMs), String(lap.lapTimeMs), ...sectors, driver, lap.kind, stintIndex === -1 ? '' : String(stintIndex + 1)];
  });
  return [header, ...rows];
}
