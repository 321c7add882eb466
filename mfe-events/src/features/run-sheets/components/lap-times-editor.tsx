import { useState } from 'react';
import { LAP_KINDS, MAX_LAPS, parseLapTime, parseTimingExport, type ImportedLap, type ImportProblem, type LapKind, type Session } from '@pitwall/contracts';
import { Alert, Button, Card, SelectField, TextAreaField, TextField, errorMessage, useSetSessionLaps, useToast } from '@pitwall/kit';
import { lapTimeText } from '../lib/run-sheet-format';
import styles from './run-sheets.module.css';

interface Row {
  time: string;
  kind: LapKind;
}

const KIND_OPTIONS = LAP_KINDS.map((k) => ({ value: k.value, label: k.label }));
const KIND_LABELS = Object.fromEntries(LAP_KINDS.map((k) => [k.value, k.label])) as Record<LapKind, string>;

/**
 * 'Paste Lap Times': a timing export (CSV or plain lines) read with the one parser of
 * @pitwall/contracts; the preview lists the laps it read and names every line it could not read.
 * Nothing is saved here: 'Use These Laps' fills the lap list, which is saved with the rest.
 */
function PasteLaps({ onUse }: { onUse: (rows: Row[]) => void }) {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<{ laps: ImportedLap[]; problems: ImportProblem[] } | null>(null);
  return (
    <div className={styles.stack}>
      <TextAreaField
        label="Paste lap times"
        helperText="A timing export (CSV) or one lap a line: lap number and time, e.g. '3 1:42.318'. Words such as out, in, pit or invalid set the lap's kind."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPreview(null);
        }}
        rows={5}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setPreview(parseTimingExport(text))} disabled={text.trim() === ''}>
          Preview
        </Button>
      </div>
      {preview && (
        <div className={styles.stack} aria-label="Preview of the pasted lap times" role="region">
          {preview.problems.length > 0 && (
            <Alert tone="error" title={`${preview.problems.length} ${preview.problems.length === 1 ? 'line' : 'lines'} could not be read and will be left out:`}>
              <ul className={styles.problems}>
                {preview.problems.map((p) => (
                  <li key={p.lineNumber}>
                    Line {p.lineNumber} ('{p.line}'): {p.message}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {preview.laps.length === 0 ? (
            <p className={styles.muted}>No lap times found in the pasted text.</p>
          ) : (
            <>
              <p className={styles.muted}>
                {preview.laps.length} {preview.laps.length === 1 ? 'lap' : 'laps'} read. Nothing is saved until you press 'Save Lap Times'.
              </p>
              <ol className={styles.previewList}>
                {preview.laps.map((l) => (
                  <li key={l.lineNumber}>
                    <span className={styles.mono}>{lapTimeText(l.lapTimeMs)}</span> · {KIND_LABELS[l.kind]}
                    {l.lapNumber !== null && <span className={styles.muted}> (lap {l.lapNumber} in the file)</span>}
                  </li>
                ))}
              </ol>
              <div className={styles.actions}>
                <Button onClick={() => onUse(preview.laps.slice(0, MAX_LAPS).map((l) => ({ time: lapTimeText(l.lapTimeMs), kind: l.kind })))}>Use These Laps</Button>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * 'Lap Times' of a session, entered fast on a phone: one field per lap (decimal keypad; '1:42.318',
 * '102.318' and '1.42.318' all read, the last for keypads without ':'), the lap's kind, 'Add Lap',
 * and 'Paste Lap Times'. Times are checked with parseLapTime before anything is sent; the server
 * checks them again (400 'laps[i].time: …').
 */
export function LapTimesEditor({ carId, session }: { carId: number; session: Session }) {
  const [rows, setRows] = useState<Row[]>(() => session.laps.map((l) => ({ time: l.time, kind: l.kind })));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [pasting, setPasting] = useState(false);
  const setLaps = useSetSessionLaps(carId, session.eventId);
  const toast = useToast();

  const update = (index: number, change: Partial<Row>) => {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...change } : r)));
    setErrors(({ [index]: _, ...rest }) => rest);
  };
  const addLap = () => setRows((current) => [...current, { time: '', kind: current.length === 0 ? 'out' : 'timed' }]);
  const removeLap = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setErrors({});
  };

  const save = async () => {
    const found: Record<number, string> = {};
    rows.forEach((r, i) => {
      const reading = parseLapTime(r.time);
      if (!reading.ok) found[i] = reading.message;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await setLaps.mutateAsync({ sessionId: session.id, body: { laps: rows } });
      toast.success('Lap times saved');
    } catch (error) {
      toast.error(`Failed to save lap times: ${errorMessage(error)}`);
    }
  };

  return (
    <Card title="Lap Times" headingLevel={3} actions={<Button size="sm" variant="secondary" onClick={() => setPasting((p) => !p)} aria-expanded={pasting}>Paste Lap Times</Button>}>
      <div className={styles.stack}>
        {pasting && (
          <PasteLaps
            onUse={(pasted) => {
              setRows(pasted);
              setErrors({});
              setPasting(false);
            }}
          />
        )}
        {rows.length === 0 ? (
          <p className={styles.muted}>No laps yet. Add them one by one or paste a timing export.</p>
        ) : (
          <ol className={styles.lapList}>
            {rows.map((row, index) => (
              <li key={index} className={styles.lapRow}>
                <TextField
                  label={`Lap ${index + 1} time`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="1:42.318"
                  value={row.time}
                  error={errors[index]}
                  onChange={(e) => update(index, { time: e.target.value })}
                />
                <SelectField label={`Lap ${index + 1} kind`} options={KIND_OPTIONS} value={row.kind} onChange={(e) => update(index, { kind: e.target.value as LapKind })} />
                <Button variant="ghost" size="sm" className={styles.removeLap} onClick={() => removeLap(index)} aria-label={`Remove lap ${index + 1}`} title={`Remove lap ${index + 1}`}>
                  ✕
                </Button>
              </li>
            ))}
          </ol>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={addLap} disabled={rows.length >= MAX_LAPS}>
            Add Lap
          </Button>
          <Button onClick={() => void save()} disabled={setLaps.isPending || rows.length === 0}>
            {setLaps.isPending ? 'Saving...' : 'Save Lap Times'}
          </Button>
        </div>
      </div>
    </Card>
  );
}
