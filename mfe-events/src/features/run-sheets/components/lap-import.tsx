import { useId, useState, type DragEvent } from 'react';
import type { LapKind, LapsPreview, PitStopAnswer, PreviewLap, TeamMember } from '@pitwall/contracts';
import { LAP_EXPORT_FORMATS, LAP_EXPORT_MAX_CHARS, LAP_KINDS, MAX_LAPS } from '@pitwall/contracts/values';
import { Alert, Button, SelectField, TextAreaField } from '@pitwall/kit';
import { driverSelectOptions, memberName } from '../../../lib/drivers';
import { driversWithoutMember, lapDriverText, stintsFromLaps } from '../lib/lap-drivers';
import { LoggedStopsNote } from './timing-file-stops';
import { lapTimeText, sectorsText } from '../lib/run-sheet-format';
import { rememberCarNumber, rememberedCarNumber } from '../lib/remembered-car-number';
import styles from './run-sheets.module.css';

/**
 * A lap as the lap list holds it before saving: its time as shown in the field and, while that text
 * is the one a stored or imported lap came with, its time in ms (sent as is; a typed time is read on Save).
 */
export interface LapRow {
  time: string;
  lapTimeMs?: number;
  kind: LapKind;
  sectorsMs: number[];
  driverName: string | null;
  /** An out lap's pit time from the timing export (ms): where a stint begins, and its stop time (see stintsFromLaps). */
  pitStopMs?: number;
}

const KIND_OPTIONS = LAP_KINDS.map((k) => ({ value: k.value, label: k.label }));
const FORMAT_LABELS = Object.fromEntries(LAP_EXPORT_FORMATS.map((f) => [f.value, f.label])) as Record<LapsPreview['format'], string>;

/** The one parser of timing exports, loaded when a file is first read (it stays out of the other screens' bundles). */
const loadParser = () => import('@pitwall/contracts/lap-import');

/** What the import shows: nothing yet, one sentence for a file that is no export, or the preview of the text read. */
type ImportState = { status: 'idle' } | { status: 'refused'; message: string } | { status: 'read'; text: string; preview: LapsPreview };

/**
 * For each driver the export names who matches no member: which member they are (their laps are then
 * credited to that member, who starts a stint at each spell), or none (their laps join the stint before).
 */
function UnmatchedDrivers({ names, members, chosen, onChoose }: { names: readonly string[]; members: readonly TeamMember[]; chosen: Readonly<Record<string, string>>; onChoose: (name: string, memberId: string) => void }) {
  const options = [{ value: '', label: 'No member: laps join the stint before' }, ...driverSelectOptions(members)];
  return (
    <fieldset className={styles.fieldset}>
      <legend>Drivers without a team member</legend>
      <p className={styles.muted}>No team member has these names. Choose who drove, or add them as members (Teams) and import again.</p>
      {names.map((name) => (
        <SelectField key={name} label={`Driver '${name}'`} options={options} value={chosen[name] ?? ''} onChange={(e) => onChoose(name, e.target.value)} />
      ))}
    </fieldset>
  );
}

/** The rows 'Use These Laps' hands on: a lap of a driver chosen as a member carries that member's name. */
function rowsOf(laps: readonly PreviewLap[], chosen: Readonly<Record<string, string>>, members: readonly TeamMember[]): LapRow[] {
  const nameOf = (driverName: string | undefined) => {
    const member = driverName === undefined ? undefined : members.find((m) => String(m.id) === chosen[driverName]);
    return member ? memberName(member) : (driverName ?? null);
  };
  return laps.map((l) => ({ time: lapTimeText(l.lapTimeMs), lapTimeMs: l.lapTimeMs, kind: l.kind, sectorsMs: l.sectorsMs ?? [], driverName: nameOf(l.driverName), ...(l.pitStopMs !== undefined && { pitStopMs: l.pitStopMs }) }));
}

/** One lap of the preview: time, kind (changeable), and what the export says about it. */
function PreviewLapItem({ lap, members, onKind }: { lap: PreviewLap; members: readonly TeamMember[]; onKind: (kind: LapKind) => void }) {
  const driver = lapDriverText(lap.driverName, members);
  const details = [lap.sectorsMs && sectorsText(lap.sectorsMs), driver, lap.pitStopMs !== undefined && `pit stop ${(lap.pitStopMs / 1000).toFixed(1)} s`].filter(Boolean).join(' · ');
  return (
    <li className={styles.previewLap}>
      <div className={styles.previewLapMain}>
        <span className={styles.mono}>
          Lap {lap.lapNumber} · {lap.time}
        </span>
        {details && <span className={styles.muted}>{details}</span>}
        {lap.implausible && <span className={styles.flag}>Flagged: {lap.implausible}</span>}
      </div>
      <SelectField label={`Imported lap ${lap.lapNumber} kind`} options={KIND_OPTIONS} value={lap.kind} onChange={(e) => onKind(e.target.value as LapKind)} />
    </li>
  );
}

/**
 * 'Import Lap Times': a timing or logger export picked from the phone's Files (or dropped on a
 * laptop) or pasted, read in the browser with the same parser as POST …/laps/preview, so it works
 * offline too. The preview names the format, lists the laps with their kind (changeable), flags laps
 * too fast for the race event's track (`trackLengthKm`), names every line it could not read, and for
 * an export of several cars asks which number is ours (remembered for the car). Nothing is saved
 * here: 'Use These Laps' fills the lap list, saved with 'Save Lap Times'.
 */
export function LapImport({ carId, trackLengthKm, members, pitStops = [], onUse }: {
  carId: number;
  trackLengthKm: number | null;
  members: readonly TeamMember[];
  /** The session's pit stops logged as they happened: the preview says what the file does to them. */
  pitStops?: readonly PitStopAnswer[];
  onUse: (rows: LapRow[]) => void;
}) {
  const [pasted, setPasted] = useState('');
  const [state, setState] = useState<ImportState>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [chosenDrivers, setChosenDrivers] = useState<Record<string, string>>({});
  const fileId = useId();

  const read = async (text: string, carNumber?: string) => {
    if (text.length > LAP_EXPORT_MAX_CHARS) return setState({ status: 'refused', message: 'This file is larger than 10 MB: export only the session you need.' });
    const { readLapExport } = await loadParser();
    let result = readLapExport(text, { carNumber, trackLengthKm });
    const remembered = rememberedCarNumber(carId);
    if (result.ok && carNumber === undefined && remembered !== null && (result.preview.carNumbers?.length ?? 0) > 1 && result.preview.carNumbers!.includes(remembered)) {
      result = readLapExport(text, { carNumber: remembered, trackLengthKm });
    }
    setChosenDrivers({});
    setState(result.ok ? { status: 'read', text, preview: result.preview } : { status: 'refused', message: result.message });
  };
  const readFile = async (file: File | undefined) => {
    if (file) await read(await file.text());
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };
  const chooseCar = (value: string) => {
    if (state.status !== 'read' || value === '') return;
    rememberCarNumber(carId, value);
    void read(state.text, value);
  };
  const setKind = (index: number, kind: LapKind) =>
    setState((s) => (s.status === 'read' ? { ...s, preview: { ...s.preview, laps: s.preview.laps.map((l, i) => (i === index ? { ...l, kind } : l)) } } : s));

  const preview = state.status === 'read' ? state.preview : null;
  const chosenCar = preview && preview.laps.length > 0 && (preview.carNumbers?.length ?? 0) > 1 ? (rememberedCarNumber(carId) ?? '') : '';
  const problemCount = preview ? preview.problems.length + (preview.moreProblems ?? 0) : 0;
  const nameOf = (memberId: number) => {
    const member = members.find((m) => m.id === memberId);
    return member ? memberName(member) : `Member ${memberId}`;
  };
  const unmatched = preview ? driversWithoutMember(preview.laps.map((l) => ({ driverName: l.driverName ?? null })), members) : [];
  return (
    <div
      className={`${styles.stack} ${styles.dropZone} ${dragging ? styles.dropZoneActive : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className="pw-field">
        <label className="pw-field__label" htmlFor={fileId}>
          Import file
        </label>
        <input
          id={fileId}
          type="file"
          className={`pw-input ${styles.fileInput}`}
          aria-describedby={`${fileId}-hint`}
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
        <span id={`${fileId}-hint`} className="pw-field__help">
          A CSV from Al Kamel ('Analysis'), TSL, Orbits/MYLAPS, Speedhive ('All Laps'), AiM Race Studio, MoTeC i2, RaceChrono (v3), RaceBox, TrackAddict or Harry's LapTimer, or a VBO file from a VBOX or RaceBox, as sent to this phone or dropped here.
        </span>
      </div>
      <TextAreaField
        label="Paste lap times"
        helperText="Or paste the export's text, a table copied from a timing screen or spreadsheet (lap, time, sectors, driver), or one lap a line: lap number and time, e.g. '3 1:42.318'. Words such as out, in, pit or invalid set the lap's kind."
        value={pasted}
        onChange={(e) => {
          setPasted(e.target.value);
          setState({ status: 'idle' });
        }}
        rows={4}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void read(pasted)} disabled={pasted.trim() === ''}>
          Preview
        </Button>
      </div>
      {state.status === 'refused' && <Alert title="Nothing to import">{state.message}</Alert>}
      {preview && (
        <div className={styles.stack} aria-label="Preview of the imported lap times" role="region">
          <p>
            Read as: <strong>{FORMAT_LABELS[preview.format]}</strong>
          </p>
          {(preview.carNumbers?.length ?? 0) > 1 && (
            <SelectField
              label="Our car number"
              helperText="This export holds every car of the session. The number is remembered for this car."
              options={[{ value: '', label: 'Choose…' }, ...preview.carNumbers!.map((n) => ({ value: n, label: `#${n}` }))]}
              value={chosenCar}
              onChange={(e) => chooseCar(e.target.value)}
            />
          )}
          {problemCount > 0 && (
            <Alert tone="error" title={`${problemCount} ${problemCount === 1 ? 'line' : 'lines'} could not be read and will be left out:`}>
              <ul className={styles.problems}>
                {preview.problems.map((p, i) => (
                  <li key={i}>
                    Line {p.line}: {p.message}
                  </li>
                ))}
                {preview.moreProblems !== undefined && <li>and {preview.moreProblems} more lines</li>}
              </ul>
            </Alert>
          )}
          {preview.laps.length === 0 ? (
            <p className={styles.muted}>{(preview.carNumbers?.length ?? 0) > 1 ? 'Choose our car number to read its laps.' : 'No lap times found.'}</p>
          ) : (
            <>
              <p className={styles.muted}>
                {preview.laps.length} {preview.laps.length === 1 ? 'lap' : 'laps'} read
                {preview.laps.some((l) => l.implausible) && '; flagged laps come as Invalid and count once you change their kind'}. Nothing is saved until you press 'Save Lap Times'.
              </p>
              <LoggedStopsNote stops={pitStops} fileStints={stintsFromLaps(rowsOf(preview.laps, chosenDrivers, members), members)} nameOf={nameOf} />
              {unmatched.length > 0 && <UnmatchedDrivers names={unmatched} members={members} chosen={chosenDrivers} onChoose={(name, id) => setChosenDrivers((c) => ({ ...c, [name]: id }))} />}
              <ol className={styles.previewLaps} aria-label="Laps read">
                {preview.laps.map((lap, i) => (
                  <PreviewLapItem key={`${lap.line}-${lap.lapNumber}`} lap={lap} members={members} onKind={(kind) => setKind(i, kind)} />
                ))}
              </ol>
              {preview.laps.length > MAX_LAPS ? (
                <Alert tone="error" title="Too many laps for one session">
                  {preview.laps.length} laps read: a session holds at most {MAX_LAPS}. Split the file into two sessions to import them all.
                </Alert>
              ) : (
                <div className={styles.actions}>
                  <Button onClick={() => onUse(rowsOf(preview.laps, chosenDrivers, members))}>
                    Use These Laps
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
