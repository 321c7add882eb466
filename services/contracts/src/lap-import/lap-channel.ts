import { collect, lapFromMs, type FormatReading } from './reading.ts';

/** A sample of a logger's lap channel: its time in s, the lap it belongs to as the file writes it ('' for none), its 1-based line. */
export interface LapSample {
  seconds: number;
  lap: string;
  line: number;
}

/**
 * Adds to `reading` the laps of a recording whose samples each carry the lap they belong to
 * (RaceChrono's `lap_number`, RaceBox's `Lap`), in file order. Lap N runs from its first sample
 * to the first sample of what follows it: the next lap, or a stretch in no lap (''). A lap the
 * recording ends in has no end and is left out, as is every stretch in no lap. Each lap is
 * 'timed' (a lap channel does not say which lap left or entered the pits), numbered as the file
 * writes it, on the line of its first sample; exact to one sample interval.
 */
export function collectLapChannel(samples: Iterable<LapSample>, reading: FormatReading): void {
  let start: LapSample | undefined;
  for (const sample of samples) {
    if (start !== undefined && sample.lap === start.lap) continue;
    if (start !== undefined && start.lap !== '') {
      collect(reading, lapFromMs(Math.round((sample.seconds - start.seconds) * 1000), start.line, { lapNumber: Number(start.lap), kind: 'timed' }));
    }
    start = sample;
  }
}
