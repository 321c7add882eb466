import { formatLapTime, parseLapTime, type LapKind } from '../sessions.ts';
import type { FormatReading } from './reading.ts';

/** Words in a line that mark a lap's kind ('OUT', 'in lap', 'pit', 'invalid', 'deleted', 'TL' …). */
const KIND_WORDS: readonly { kind: LapKind; pattern: RegExp }[] = [
  { kind: 'out', pattern: /^(out|outlap|out-lap)$/i },
  { kind: 'in', pattern: /^(in|inlap|in-lap|pit|pitin|pit-in)$/i },
  { kind: 'invalid', pattern: /^(invalid|deleted|del|tl|x)$/i },
];

/**
 * Reads plain lines or a simple CSV (`,` `;` or tab separated, an optional header row such as
 * `Lap,Time`): a lap number and a time (`3 1:42.318`), or a time alone, read with parseLapTime.
 * A line may name its kind (`out`, `in`, `pit`, `invalid`, `deleted`, `TL`); otherwise the lap is
 * timed. Blank lines and a first line without any digit (a header) are skipped. Every other line
 * with no readable lap time, or more than one, is a problem quoting the line; nothing is guessed.
 */
export function readLines(text: string): FormatReading {
  const reading: FormatReading = { laps: [], problems: [] };
  text.split(/\r?\n/).forEach((raw, index) => {
    const text = raw.trim();
    const line = index + 1;
    if (!text || (reading.laps.length === 0 && reading.problems.length === 0 && !/\d/.test(text))) return;
    const cells = text.split(/[,;\t]|\s+/).map((c) => c.trim().replace(/^"|"$/g, '')).filter(Boolean);
    const kind = KIND_WORDS.find((k) => cells.some((c) => k.pattern.test(c)))?.kind ?? 'timed';
    const lapNumberCell = /^\d{1,3}$/.test(cells[0] ?? '') && cells.length > 1 ? cells[0]! : null;
    const readings = cells.filter((c, i) => !(i === 0 && lapNumberCell !== null) && /\d/.test(c)).map((cell) => ({ cell, reading: parseLapTime(cell) }));
    const readable = readings.filter((r) => r.reading.ok);
    if (readable.length === 1 && readable[0]!.reading.ok) {
      const { ms } = readable[0]!.reading;
      reading.laps.push({ lapNumber: lapNumberCell === null ? reading.laps.length + 1 : Number(lapNumberCell), line, time: formatLapTime(ms), lapTimeMs: ms, kind });
      return;
    }
    const first = readings[0]?.reading;
    const why = readable.length > 1 ? `more than one lap time (${readable.map((r) => r.cell).join(', ')})` : !first ? 'no lap time' : first.ok ? 'no lap time' : first.message;
    reading.problems.push({ line, message: `'${text.length > 80 ? `${text.slice(0, 77)}...` : text}': ${why}` });
  });
  return reading;
}
