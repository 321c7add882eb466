import { type LapKind } from '../sessions.ts';
import { carNumbersOf, collect, delimitedRows, kindAfter, lapFromMs, readDurationMs, readTimeCellMs, SECTOR_COLUMN, type FormatReading } from './reading.ts';

/**
 * Any table of laps: a timing sheet's CSV (TSL, Orbits/MYLAPS, Speedhive), a copy-paste from a
 * timing screen (Apex Timing) or a spreadsheet, typed lines. Columns are recognised by their header
 * names, or without a header by the shape of each line. The real files these were checked on are
 * in test/lap-exports (README.md there says where each comes from).
 */

/** Header names of each column the reader uses (lower case, spaces and `_` alike). */
const COLUMN_NAMES = {
  car: ['no', 'no.', 'nr', 'nr.', 'car', 'car no', 'car no.', 'car number', 'number', 'kart', 'start no', 'start number', 'startnr', 'bib', '#'],
  lap: ['lap', 'laps', 'lap #', 'lap no', 'lap no.', 'lap nr', 'lap number', 'lapnumber', 'lap count', 'lap num', 'runde'],
  // 'last lap', 'ultimo t.': the last lap column of an Apex Timing live grid (English, Italian).
  lapTime: ['lap time', 'laptime', 'lap tm', 'lap times', 'rundenzeit', 'temps au tour', 'tempo giro', 'last lap', 'ultimo t.'],
  time: ['time', 'times', 'zeit', 'temps', 'tempo', 'tiempo'],
  driver: ['driver', 'driver name', 'name', 'pilot', 'pilote', 'pilota', 'fahrer', 'competitor'],
  // 'in lap': TSL's `in_lap` flag (TRUE on the lap into the pits).
  pit: ['pit', 'in pit', 'pit in', 'pits', 'pitstop', 'pit stop', 'crossing finish line in pit', 'in lap'],
  /** TSL's `out_lap` flag (TRUE on the lap out of the pits). */
  out: ['out lap', 'pit out'],
  /** TSL's clock times of a stop: `time_in_lap` (into the pit lane) and `time_out_lap` (out of it). */
  pitInClock: ['time in lap'],
  pitOutClock: ['time out lap'],
  pitTime: ['pit time', 'pit duration', 'pit stop time'],
  status: ['status', 'flag', 'lap status', 'valid'],
} as const;

/** Words in a cell that mark a lap's kind ('OUT', 'in lap', 'pit', 'invalid', 'deleted', 'TL' …). */
const KIND_WORDS: readonly { kind: LapKind; pattern: RegExp }[] = [
  { kind: 'out', pattern: /^(out|outlap|out-lap)$/i },
  { kind: 'in', pattern: /^(in|inlap|in-lap|pit|pitin|pit-in)$/i },
  { kind: 'invalid', pattern: /^(invalid|deleted|del|tl|x)$/i },
];
/** A pit column's cell that says the lap went through the pits ('P', 'Yes', 'B', '1'). */
const PIT_YES = /^(p|pit|yes|y|true|1|b|in)$/i;

const normalise = (cell: string) => cell.toLowerCase().replace(/[_\s]+/g, ' ').replace(/^"|"$/g, '').trim();

/**
 * The delimiter of a table: tab, `;` or `,` when most lines hold one (a `,` counts only where it is
 * no decimal comma of a time such as `1:09,87`), else runs of spaces.
 */
export function tableDelimiter(lines: readonly string[]): string {
  const sample = lines.filter((l) => l.trim() !== '').slice(0, 50);
  const most = (test: (l: string) => boolean) => sample.filter(test).length * 2 > sample.length;
  if (most((l) => l.includes('\t'))) return '\t';
  if (most((l) => l.includes(';'))) return ';';
  if (most((l) => l.replace(/(\d:\d\d|^\d{1,5}|\s\d{1,5}),\d{1,3}(?=\D|$)/g, '').includes(','))) return ',';
  return ' ';
}

const isWord = (cell: string) => /^\p{L}[\p{L}'.-]*$/u.test(cell) && !KIND_WORDS.some((k) => k.pattern.test(cell));

/** A line split by runs of spaces, the words of a name kept as one cell ('Lena BERG'). */
const spacedCells = (line: string) =>
  line
    .trim()
    .split(/\s+/)
    .reduce<string[]>((cells, cell) => (cells.length > 0 && isWord(cell) && isWord(cells.at(-1)!.split(' ').at(-1)!) ? [...cells.slice(0, -1), `${cells.at(-1)} ${cell}`] : [...cells, cell]), []);

/**
 * The rows of `text` split by `delimiter`, cells trimmed, blank lines kept as ['']. A line the
 * delimiter does not split (a typed paste mixing `;`, tabs and spaces) is split by its own.
 */
function rowsOf(text: string, delimiter: string): { rows: string[][]; lines: string[] } {
  const lines = text.split(/\r?\n/);
  const rows = delimiter === ' ' ? lines.map(spacedCells) : delimitedRows(text, delimiter);
  return {
    lines,
    rows: rows.map((row, i) => {
      if (row.length !== 1 || row[0] === '') return row;
      const own = tableDelimiter([lines[i] ?? '']);
      return own === delimiter ? row : own === ' ' ? spacedCells(lines[i]!) : delimitedRows(lines[i]!, own)[0]!;
    }),
  };
}

/**
 * An Orbits (MYLAPS) lap times export names each car on a line of its own above its laps:
 * `181 - Ryan Sotak - TT4` (number - name - class, the class may be missing). Group 1 is the car
 * number as written, group 2 the name.
 */
const SECTION_LINE = /^\uFEFF?"?([A-Za-z]{0,2}\d{1,4}[A-Za-z]{0,2})\s+-\s+(.+?)(?:\s+-\s+[^-"]+?)?"?$/;

/**
 * The car a line of a table with a header but no car column names for the laps below it
 * (SECTION_LINE: no delimiter in it, and a name with a letter, so `12 - 1:09.870` is none), or null.
 */
function sectionCar(line: string, delimiter: string): { carNumber: string; name: string } | null {
  const text = line.trim();
  if (delimiter !== ' ' && text.includes(delimiter)) return null;
  const m = SECTION_LINE.exec(text);
  return m && /\p{L}/u.test(m[2]!) ? { carNumber: m[1]!, name: m[2]!.trim() } : null;
}

/** A clock time of day (`12:06:23.190`) in ms since midnight, or null. */
const clockMs = (cell: string | undefined) => (cell ? readDurationMs(cell) : null);
const DAY_MS = 24 * 3_600_000;

/** The columns a header row names, by COLUMN_NAMES and the sector pattern; -1 where absent. */
function headerColumns(header: readonly string[]) {
  const names = header.map(normalise);
  const find = (list: readonly string[]) => names.findIndex((n) => list.includes(n));
  const lapTime = find(COLUMN_NAMES.lapTime);
  const sectors = names
    .map((n, index) => ({ index, n: SECTOR_COLUMN.exec(n)?.[1] }))
    .filter((c): c is { index: number; n: string } => c.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((c) => c.index)
    .slice(0, 6);
  return {
    car: find(COLUMN_NAMES.car),
    lap: find(COLUMN_NAMES.lap),
    time: lapTime !== -1 ? lapTime : find(COLUMN_NAMES.time),
    driver: find(COLUMN_NAMES.driver),
    pit: find(COLUMN_NAMES.pit),
    out: find(COLUMN_NAMES.out),
    pitTime: find(COLUMN_NAMES.pitTime),
    pitInClock: find(COLUMN_NAMES.pitInClock),
    pitOutClock: find(COLUMN_NAMES.pitOutClock),
    status: find(COLUMN_NAMES.status),
    sectors,
  };
}

/**
 * Whether `row` is a header: it holds no time and names a lap time column, or a `Time` column and a
 * lap number column (a bare `time` beside `lat`, `lon` is a logger's sample clock, not a lap table).
 */
function isHeader(row: readonly string[]): boolean {
  const names = row.map(normalise);
  const named = (list: readonly string[]) => names.some((n) => list.includes(n));
  return row.every((c) => !/\d[:.,]\d/.test(c)) && (named(COLUMN_NAMES.lapTime) || (named(COLUMN_NAMES.time) && named(COLUMN_NAMES.lap)));
}

/**
 * The kind a row says, before the lap after an in lap becomes out: with a header, its pit flag
 * (an in lap), out flag (an out lap) or status (track limits, deleted → invalid); without, a kind
 * word in any cell.
 */
function ownKind(cells: readonly string[], columns: ReturnType<typeof headerColumns> | null): LapKind {
  if (!columns) return KIND_WORDS.find((k) => cells.some((c) => k.pattern.test(c)))?.kind ?? 'timed';
  if (PIT_YES.test(cells[columns.pit] ?? '')) return 'in';
  if (PIT_YES.test(cells[columns.out] ?? '')) return 'out';
  const status = cells[columns.status] ?? '';
  if (/track\s*limit|invalid|deleted|cancel/i.test(status)) return 'invalid';
  return KIND_WORDS.find((k) => k.pattern.test(status))?.kind ?? 'timed';
}

/** Times a row's time cells hold (cells with `:`, `.` or `,` between digits): the lap time and, when the others add up to it, its sectors. */
function lapAndSectors(times: readonly number[]): { lapTimeMs: number; sectorsMs: number[] } | null {
  if (times.length === 1) return { lapTimeMs: times[0]!, sectorsMs: [] };
  // The lap time is the cell the others add up to (within 0.01 s per sector), wherever it stands.
  const at = times.findIndex((t, i) => Math.abs(times.reduce((sum, s, j) => (j === i ? sum : sum + s), 0) - t) <= 10 * (times.length - 1));
  if (at === -1) return null;
  return { lapTimeMs: times[at]!, sectorsMs: times.filter((_, j) => j !== at) };
}

/**
 * Reads a table of laps split by `delimiter` (tableDelimiter), with its header at `headerIndex`
 * (0-based line), or by default the first line of the first 30 that names a lap time column (none:
 * read by shape, and leading lines without a digit, such as a title, are skipped). With a header, its columns say the car (a multi-car table answers `carNumbers`),
 * lap number, lap time, sectors (`S1`…, `Sector 1`…), driver, pit flag (`P`/`Yes`/TSL's `in_lap`
 * TRUE: an in lap, the next is an out lap), out flag (TSL's `out_lap`), pit time (the stop before
 * that out lap; else TSL's `time_out_lap` less the `time_in_lap` of the in lap before) and status
 * (track limits → invalid). A table with a header but no car column may name its cars on lines of
 * their own above their laps, as Orbits does (`181 - Ryan Sotak - TT4`): each is then a car of the
 * table, and its name the driver of laps without a driver column.
 * Without one, each line is read by its shape: a first whole number is the lap number, the one time
 * the others add up to is the lap time and those others its sectors in order, words name the driver
 * or the kind. Lap numbers are kept as written; a line without them is numbered after the one before.
 * Of a multi-car table only the laps of car `car` (default: its first car) are read, of the others their numbers.
 */
export function readTable(text: string, delimiter: string, header?: number, car?: string): FormatReading {
  const { rows, lines } = rowsOf(text, delimiter);
  const headerIndex = header ?? rows.slice(0, 30).findIndex(isHeader);
  const columns = headerIndex === -1 ? null : headerColumns(rows[headerIndex]!);
  const reading: FormatReading = { laps: [], problems: [] };
  const previous = new Map<string, LapKind>();
  const lastNumber = new Map<string, number>();
  const pitInAt = new Map<string, number>();
  const cars = new Set<string>();
  let section: { carNumber: string; name: string } | undefined;
  let focus = car;
  rows.slice(headerIndex + 1).forEach((cells, i) => {
    const line = headerIndex + 2 + i;
    if (cells.every((c) => c === '') || (!columns && reading.laps.length === 0 && reading.problems.length === 0 && !cells.some((c) => /\d/.test(c)))) return;
    const named = columns && columns.car === -1 ? sectionCar(lines[line - 1] ?? '', delimiter) : null;
    if (named) {
      section = named;
      cars.add(named.carNumber);
      focus ??= named.carNumber;
      return;
    }
    const carNumber = columns && columns.car !== -1 ? cells[columns.car] : section?.carNumber;
    if (carNumber !== undefined) {
      cars.add(carNumber);
      focus ??= carNumber;
      if (carNumber !== focus) return;
    }
    const car = carNumber ?? '';
    const lapCell = columns ? (columns.lap === -1 ? undefined : cells[columns.lap]) : /^\d{1,5}$/.test(cells[0] ?? '') && cells.length > 1 ? cells[0] : undefined;
    const lapNumber = lapCell !== undefined && /^\d+$/.test(lapCell) ? Number(lapCell) : (lastNumber.get(car) ?? 0) + 1;
    lastNumber.set(car, lapNumber);
    const own = ownKind(cells, columns);
    const kind = kindAfter(previous.get(car), own);
    previous.set(car, own);
    if (own === 'in' && columns) {
      // The stop of the next out lap starts at this in lap's pit-in clock; none read, none known.
      const pitIn = clockMs(cells[columns.pitInClock]);
      if (pitIn === null) pitInAt.delete(car);
      else pitInAt.set(car, pitIn);
    }
    const ofCar = carNumber === undefined ? {} : { carNumber };
    const quoted = cells.join(' ');
    let timing: { lapTimeMs: number; sectorsMs: number[] } | null;
    let driverName: string | undefined;
    if (columns) {
      const lapTimeMs = readTimeCellMs(cells[columns.time] ?? '');
      const sectors = columns.sectors.map((c) => readTimeCellMs(cells[c] ?? ''));
      timing = lapTimeMs === null ? null : { lapTimeMs, sectorsMs: sectors.every((s) => s !== null) ? (sectors as number[]) : [] };
      driverName = columns.driver === -1 ? section?.name : cells[columns.driver];
      if (lapTimeMs === null) {
        reading.problems.push({ line, message: `${carNumber === undefined ? '' : `car ${carNumber}, `}lap ${lapNumber}: '${cells[columns.time] ?? ''}' is not a lap time`, ...ofCar });
        return;
      }
    } else {
      const rest = lapCell === undefined ? cells : cells.slice(1);
      const timeCells = rest.filter((c) => /\d[:.,]\d/.test(c));
      const times = timeCells.map(readTimeCellMs);
      timing = times.length > 0 && times.every((t) => t !== null) ? lapAndSectors(times as number[]) : null;
      driverName = rest.filter((c) => c.split(' ').every(isWord)).join(' ') || undefined;
      if (!timing) {
        const why = times.length === 0 ? 'no lap time' : times.some((t) => t === null) ? `'${timeCells[times.indexOf(null)]}' is not a lap time` : `more than one lap time (${timeCells.join(', ')}) and none is the sum of the others`;
        reading.problems.push({ line, message: `'${quoted.length > 80 ? `${quoted.slice(0, 77)}...` : quoted}': ${why}` });
        return;
      }
    }
    if (!timing) return;
    const pitStopMs = kind === 'out' && columns ? stopMs(columns, cells, pitInAt.get(car)) : null;
    if (kind === 'out') pitInAt.delete(car);
    collect(
      reading,
      lapFromMs(timing.lapTimeMs, line, {
        lapNumber,
        kind,
        ...ofCar,
        ...(timing.sectorsMs.length > 0 && { sectorsMs: timing.sectorsMs }),
        ...(driverName && { driverName }),
        ...(pitStopMs !== null && { pitStopMs }),
      }),
    );
  });
  if (columns && (columns.car !== -1 || cars.size > 0)) reading.carNumbers = carNumbersOf([...cars].map((carNumber) => ({ carNumber })));
  return reading;
}

/**
 * The stop before an out lap, in ms: its pit time column, else its pit-out clock less the pit-in
 * clock of the car's last in lap (`pitIn`; a stop over midnight counts on), else null.
 */
function stopMs(columns: ReturnType<typeof headerColumns>, cells: readonly string[], pitIn: number | undefined): number | null {
  if (columns.pitTime !== -1) return readTimeCellMs(cells[columns.pitTime] ?? '');
  const pitOut = clockMs(cells[columns.pitOutClock]);
  if (pitOut === null || pitIn === undefined) return null;
  return pitOut >= pitIn ? pitOut - pitIn : pitOut + DAY_MS - pitIn;
}
