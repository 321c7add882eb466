import { MAX_PREVIEW_PROBLEMS, sectorSumProblem, type LapExportFormat, type LapsPreview, type PreviewLap } from '../sessions.ts';
import { isAimCsv, readAimCsv } from './aim.ts';
import { alKamelHeaderLine, readAlKamelCsv } from './alkamel.ts';
import { isMotecCsv, readMotecCsv } from './motec.ts';
import { raceBoxHeaderLine, readRaceBoxCsv } from './racebox.ts';
import { isHarrysCsv, readHarrysCsv } from './harrys.ts';
import { isRaceChronoCsv, readRaceChronoCsv } from './racechrono.ts';
import type { FormatReading } from './reading.ts';
import { speedhiveHeaderLine } from './speedhive.ts';
import { readTable, tableDelimiter } from './table.ts';
import { isTrackAddictCsv, readTrackAddictCsv } from './trackaddict.ts';
import { isVboFile, readVboFile } from './vbox.ts';

export { readDurationMs } from './reading.ts';

/**
 * Reading timing and logger exports: the ONE parser of lap files, run by the server
 * (POST …/laps/preview) and by the browser (the run sheet's preview, also offline), so both read
 * a file the same. Pure TypeScript without Node APIs. Imported as `@pitwall/contracts/lap-import`
 * (not from the package index) so only the screens that read files load it.
 */

/** Above this average speed over the track length a lap is flagged as implausible, km/h. */
export const MAX_PLAUSIBLE_KMH = 350;

/** What readLapExport needs besides the text. */
export interface LapExportOptions {
  /** For an export holding several cars: the car whose laps to read, as the file writes it ('007' is not '7'). */
  carNumber?: string;
  /** The race event's track length in km (parseTrackLengthKm); laps faster than MAX_PLAUSIBLE_KMH over it are flagged. */
  trackLengthKm?: number | null;
}

/** The preview, or one sentence saying why the text is not a lap export at all (`field` 'text') or the chosen car is not in it ('carNumber'). */
export type LapExportResult = { ok: true; preview: LapsPreview } | { ok: false; field: 'text' | 'carNumber'; message: string };

const NOT_LAPS =
  "export the laps as CSV from Al Kamel, TSL, Orbits/MYLAPS, Speedhive, AiM, MoTeC i2, RaceChrono, RaceBox, TrackAddict or Harry's LapTimer, or as a VBO file from a VBOX or RaceBox, or paste a table of laps (lap number, lap time, sectors, driver) from a timing screen or spreadsheet";

/** Why `text` cannot be a lap export (empty, an image, a PDF, not text), or null when it is text. */
function notAnExport(text: string): string | null {
  const start = text.slice(0, 4096);
  if (start.trim() === '') return `The file is empty: ${NOT_LAPS}.`;
  if (/^(\uFFFD|\u0089)PNG/.test(start)) return `This is a PNG image, not a lap time export: ${NOT_LAPS}.`;
  if (/^(\uFFFD|\u00FF){2,3}/.test(start) || /^.{0,12}(JFIF|Exif)/s.test(start)) return `This is a photo (JPEG), not a lap time export: ${NOT_LAPS}.`;
  if (start.startsWith('%PDF-')) return `This is a PDF document, not a lap time export: ${NOT_LAPS}.`;
  // Text exports hold no NUL or other control characters besides tab, line feed and carriage return.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000E-\u001F]/.test(start)) return `This file is not text, so it is not a lap time export: ${NOT_LAPS}.`;
  return null;
}

/** The format of a text export, by its content, and its reading (of a multi-car export, the laps of `car` or of its first car). */
function readByFormat(text: string, car: string | undefined): { format: LapExportFormat; reading: FormatReading } {
  const lines = text.slice(0, 20_000).split(/\r?\n/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  if (isAimCsv(firstLine.trim())) return { format: 'aim-csv', reading: readAimCsv(text) };
  if (isMotecCsv(firstLine.trim())) return { format: 'motec-csv', reading: readMotecCsv(text) };
  if (isRaceChronoCsv(lines)) return { format: 'racechrono-csv', reading: readRaceChronoCsv(text) };
  if (isTrackAddictCsv(lines)) return { format: 'trackaddict-csv', reading: readTrackAddictCsv(text) };
  const raceBox = raceBoxHeaderLine(lines);
  if (raceBox !== -1) return { format: 'racebox-csv', reading: readRaceBoxCsv(text, raceBox) };
  if (isHarrysCsv(lines)) return { format: 'harrys-csv', reading: readHarrysCsv(text) };
  if (isVboFile(lines)) return { format: 'vbox-vbo', reading: readVboFile(text) };
  const alKamel = alKamelHeaderLine(lines);
  if (alKamel !== -1) return { format: 'alkamel-csv', reading: readAlKamelCsv(text, alKamel, car) };
  const delimiter = tableDelimiter(lines);
  const speedhive = speedhiveHeaderLine(lines);
  if (speedhive !== -1) return { format: 'speedhive-csv', reading: readTable(text, delimiter, speedhive, car) };
  return { format: 'lines', reading: readTable(text, delimiter, undefined, car) };
}

/** Whether a reading is of no lap export at all: nothing read, or a file of mostly unreadable lines (telemetry samples). */
const unreadable = (reading: FormatReading) => reading.laps.length === 0 || (reading.problems.length > MAX_PREVIEW_PROBLEMS && reading.problems.length > reading.laps.length);

/** `lap` flagged (and made 'invalid') when its average speed over `trackLengthKm` exceeds MAX_PLAUSIBLE_KMH. */
function flagImplausible(lap: PreviewLap, trackLengthKm: number | null | undefined): PreviewLap {
  if (!trackLengthKm) return lap;
  const kmh = trackLengthKm / (lap.lapTimeMs / 3_600_000);
  if (kmh <= MAX_PLAUSIBLE_KMH) return lap;
  return {
    ...lap,
    kind: 'invalid',
    implausible: `${lap.time} over ${trackLengthKm.toFixed(3)} km is an average of ${Math.round(kmh)} km/h (above ${MAX_PLAUSIBLE_KMH}): not counted unless you change its kind`,
  };
}

/**
 * Reads a timing or logger export, recognising its format by content: AiM Race Studio CSV, MoTeC
 * i2 CSV, MyLaps Speedhive 'All Laps' CSV, Al Kamel 'Analysis' CSV, RaceChrono CSV v3, TrackAddict
 * CSV, RaceBox CSV, Harry's LapTimer CSV, a VBOX/RaceBox VBO file (laps from its samples crossing its
 * start line), else any table of laps (readTable: TSL, Orbits, Apex Timing copy-paste, a
 * spreadsheet, typed lines).
 * Answers the laps found (the file's lap numbers and the kinds it implies), the first
 * MAX_PREVIEW_PROBLEMS lines it could not read (1-based, with why; `moreProblems` counts the rest)
 * and, for an export of several cars, their numbers as written: without `options.carNumber` its
 * laps are then empty, with it only that car's laps and problems; a car number not in the file is
 * `ok: false`. A text of no lap export (no lap read, or mostly unreadable lines) is `ok: false`
 * with one sentence naming the formats read. A lap
 * whose sector times do not add up to its time within 0.01 s keeps its time, loses its sectors and
 * is named among the problems. Laps too fast for `options.trackLengthKm` are flagged and 'invalid'.
 * Text that is no export (empty, an image, a PDF, binary) is `ok: false` with one sentence.
 */
export function readLapExport(text: string, options: LapExportOptions = {}): LapExportResult {
  const wrong = notAnExport(text);
  if (wrong) return { ok: false, field: 'text', message: wrong };
  const { format, reading } = readByFormat(text, options.carNumber?.trim());
  const { carNumbers } = reading;
  // A table naming several cars is one of laps, even when the car asked for is not among them.
  if (format === 'lines' && !(carNumbers && carNumbers.length > 1) && unreadable(reading)) return { ok: false, field: 'text', message: `This is not a lap time export Pitwall reads: ${NOT_LAPS}.` };
  let laps = reading.laps;
  // A car's problems only: another car's lines are none of ours.
  let problems = reading.problems.map(({ carNumber: _, ...p }) => p);
  if (carNumbers && carNumbers.length > 1) {
    const chosen = options.carNumber?.trim();
    if (chosen === undefined) laps = [];
    else if (!carNumbers.includes(chosen)) return { ok: false, field: 'carNumber', message: `Car ${chosen} is not in this file: it holds cars ${carNumbers.join(', ')}.` };
    else laps = laps.filter((l) => l.carNumber === chosen);
    problems = reading.problems.filter((p) => p.carNumber === undefined || p.carNumber === chosen).map(({ carNumber: _, ...p }) => p);
  }
  const previewLaps = laps.map(({ carNumber: _, ...lap }) => {
    const sectors = lap.sectorsMs && sectorSumProblem(lap.lapNumber, lap.lapTimeMs, lap.sectorsMs);
    if (!sectors) return flagImplausible(lap, options.trackLengthKm);
    problems.push({ line: lap.line, message: `${sectors}; the lap is kept without them` });
    const { sectorsMs: __, ...withoutSectors } = lap;
    return flagImplausible(withoutSectors, options.trackLengthKm);
  });
  problems.sort((a, b) => a.line - b.line);
  const more = problems.length - MAX_PREVIEW_PROBLEMS;
  return {
    ok: true,
    preview: { format, laps: previewLaps, problems: problems.slice(0, MAX_PREVIEW_PROBLEMS), ...(more > 0 && { moreProblems: more }), ...(carNumbers && { carNumbers }) },
  };
}
