import { Suspense, lazy, useState } from 'react';
import type { LapKind, RunSession, TeamMember } from '@pitwall/contracts';
import { LAP_KINDS, MAX_LAPS, parseLapTime } from '@pitwall/contracts/values';
import { Button, Card, SelectField, Skeleton, TextField, errorMessage, useSetSessionLaps, useToast } from '@pitwall/kit';
import { lapDriverText } from '../lib/lap-drivers';
import { sectorTimeText } from '../lib/run-sheet-format';
import type { LapRow } from './lap-import';
import styles from './run-sheets.module.css';

/** 'Import Lap Times', loaded when first opened (a skeleton holds its place meanwhile). */
const LapImport = lazy(() => import('./lap-import').then((m) => ({ default: m.LapImport })));

const KIND_OPTIONS = LAP_KINDS.map((k) => ({ value: k.value, label: k.label }));

/** A lap's sector times (the session's best ones marked) and its driver, under its row. */
function LapDetails({ row, bestSectorsMs, members }: { row: LapRow; bestSectorsMs: readonly number[]; members: readonly TeamMember[] }) {
  const driver = lapDriverText(row.driverName, members);
  if (row.sectorsMs.length === 0 && !driver) return null;
  return (
    <p className={styles.lapDetails}>
      {row.sectorsMs.map((ms, i) => {
        const best = bestSectorsMs[i] === ms && row.kind !== 'invalid';
        return (
          <span key={i}>
            {i > 0 && ' · '}
            <span className={best ? styles.bestSector : undefined}>
              S{i + 1} {sectorTimeText(ms)}
              {best && ' (best)'}
            </span>
          </span>
        );
      })}
      {driver && `${row.sectorsMs.length > 0 ? ' · ' : ''}Driver: ${driver}`}
    </p>
  );
}

/**
 * 'Lap Times' of a session, entered fast on a phone: one field per lap (decimal keypad; '1:42.318',
 * '102.318' and '1.42.318' all read, the last for keypads without ':'), the lap's kind, 'Add Lap',
 * and 'Import Lap Times' (a timing export's file or text, see LapImport). A lap's sector times and
 * driver from an export show under it, the session's best sectors marked; editing its time drops
 * its sectors (they were the export's split of the old time). A lap keeps the ms it was stored or
 * imported with; a typed time is read once, with parseLapTime on Save (one that does not read is
 * shown at its field and nothing is sent). The laps go to the server in ms (`lapTimeMs`).
 */
export function LapTimesEditor({ carId, session, members, trackLengthKm }: { carId: number; session: RunSession; members: readonly TeamMember[]; trackLengthKm: number | null }) {
  const [rows, setRows] = useState<LapRow[]>(() => session.laps.map((l) => ({ time: l.time, lapTimeMs: l.lapTimeMs, kind: l.kind, sectorsMs: l.sectorsMs, driverName: l.driverName })));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [pasting, setPasting] = useState(false);
  const setLaps = useSetSessionLaps(carId, session.eventId);
  const toast = useToast();

  const update = (index: number, change: Partial<LapRow>) => {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...change, ...(change.time !== undefined && { lapTimeMs: undefined, sectorsMs: [] }) } : r)));
    setErrors(({ [index]: _, ...rest }) => rest);
  };
  const addLap = () => setRows((current) => [...current, { time: '', kind: current.length === 0 ? 'out' : 'timed', sectorsMs: [], driverName: null }]);
  const removeLap = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setErrors({});
  };

  const save = async () => {
    const found: Record<number, string> = {};
    const laps = rows.flatMap(({ time, lapTimeMs, ...lap }, i) => {
      const reading = lapTimeMs === undefined ? parseLapTime(time) : { ok: true as const, ms: lapTimeMs };
      if (reading.ok) return [{ ...lap, lapTimeMs: reading.ms }];
      found[i] = reading.message;
      return [];
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await setLaps.mutateAsync({ sessionId: session.id, body: { laps } });
      toast.success('Lap times saved');
    } catch (error) {
      toast.error(`Failed to save lap times: ${errorMessage(error)}`);
    }
  };

  return (
    <Card title="Lap Times" headingLevel={3} actions={<Button size="sm" variant="secondary" onClick={() => setPasting((p) => !p)} aria-expanded={pasting}>Import Lap Times</Button>}>
      <div className={styles.stack}>
        {pasting && (
          <Suspense fallback={<Skeleton height="10rem" />}>
            <LapImport
              carId={carId}
              trackLengthKm={trackLengthKm}
              members={members}
              onUse={(pasted) => {
                setRows(pasted);
                setErrors({});
                setPasting(false);
              }}
            />
          </Suspense>
        )}
        {rows.length === 0 ? (
          <p className={styles.muted}>No laps yet. Add them one by one or import a timing export.</p>
        ) : (
          <ol className={styles.lapList}>
            {rows.map((row, index) => (
              <li key={index} className={styles.lapRow}>
                <TextField
                  label={`Lap ${index + 1} time`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="1.42.318"
                  value={row.time}
                  error={errors[index]}
                  onChange={(e) => update(index, { time: e.target.value })}
                />
                <SelectField label={`Lap ${index + 1} kind`} options={KIND_OPTIONS} value={row.kind} onChange={(e) => update(index, { kind: e.target.value as LapKind })} />
                <Button variant="ghost" size="sm" className={styles.removeLap} onClick={() => removeLap(index)} aria-label={`Remove lap ${index + 1}`} title={`Remove lap ${index + 1}`}>
                  ✕
                </Button>
                <LapDetails row={row} bestSectorsMs={session.bestSectorsMs} members={members} />
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
