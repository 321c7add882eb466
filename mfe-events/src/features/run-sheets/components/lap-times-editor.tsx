import { Suspense, lazy, useState } from 'react';
import type { LapKind, RunSession, StintValue, TeamMember } from '@pitwall/contracts';
import { LAP_KINDS, MAX_LAPS, parseLapTime } from '@pitwall/contracts/values';
import { Button, Card, ConfirmDialog, SelectField, Skeleton, TextField, errorMessage, useSetSessionLaps, useSetSessionStints, useToast } from '@pitwall/kit';
import { memberName } from '../../../lib/drivers';
import { lapDriverText, stintsFromLaps } from '../lib/lap-drivers';
import { lapGroups, lapGroupSummary, type LapGroup } from '../lib/lap-groups';
import { lapTimeText, sectorTimeText } from '../lib/run-sheet-format';
import type { LapRow } from './lap-import';
import { useTimingFileStops } from './timing-file-stops';
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

/** One lap's fields: its time (decimal keypad), its kind, '✕' to remove it, and its details. */
function LapFields({ row, index, error, bestSectorsMs, members, onChange, onRemove }: {
  row: LapRow;
  /** 0-based position in the session. */
  index: number;
  error: string | undefined;
  bestSectorsMs: readonly number[];
  members: readonly TeamMember[];
  onChange: (change: Partial<LapRow>) => void;
  onRemove: () => void;
}) {
  return (
    <li className={styles.lapRow}>
      <TextField label={`Lap ${index + 1} time`} inputMode="decimal" autoComplete="off" placeholder="1.42.318" value={row.time} error={error} onChange={(e) => onChange({ time: e.target.value })} />
      <SelectField label={`Lap ${index + 1} kind`} options={KIND_OPTIONS} value={row.kind} onChange={(e) => onChange({ kind: e.target.value as LapKind })} />
      <Button variant="ghost" size="sm" className={styles.removeLap} onClick={onRemove} aria-label={`Remove lap ${index + 1}`} title={`Remove lap ${index + 1}`}>
        ✕
      </Button>
      <LapDetails row={row} bestSectorsMs={bestSectorsMs} members={members} />
    </li>
  );
}

/** A closed group's one line and the button that opens it (its laps then show under it). */
function LapGroupHeader({ group, rows, open, driverName, onToggle }: { group: LapGroup; rows: readonly LapRow[]; open: boolean; driverName: string | null; onToggle: () => void }) {
  return (
    <div className={styles.lapGroupHeader}>
      <span>
        {lapGroupSummary(group, rows, lapTimeText)}
        {driverName && ` · ${driverName}`}
      </span>
      <Button variant="secondary" aria-expanded={open} onClick={onToggle}>
        {open ? 'Hide' : 'Show'} laps {group.fromLap}–{group.toLap}
      </Button>
    </div>
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
 * A session of more than COLLAPSE_LAPS_ABOVE laps (a race) shows one line per stint (lapGroups:
 * laps, count, best, driver), each opened on demand, so a phone renders only the laps asked for;
 * a group holding a lap that does not read opens itself. Removing a lap asks first. On a session
 * whose pit stops were logged as they happened, a timing import keeps them and fills their missing
 * stop times (useTimingFileStops), asking before it takes a value of the file over a logged one.
 */
export function LapTimesEditor({ carId, session, members, trackLengthKm }: { carId: number; session: RunSession; members: readonly TeamMember[]; trackLengthKm: number | null }) {
  const [rows, setRows] = useState<LapRow[]>(() => session.laps.map((l) => ({ time: l.time, lapTimeMs: l.lapTimeMs, kind: l.kind, sectorsMs: l.sectorsMs, driverName: l.driverName })));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [pasting, setPasting] = useState(false);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<number | null>(null);
  const setLaps = useSetSessionLaps(carId, session.eventId);
  const setStints = useSetSessionStints(carId, session.eventId);
  /** The lap list holds a timing import not saved yet: its stints go with it on Save. */
  const [imported, setImported] = useState(false);
  /** The stints of a timing import just saved, waiting for the user's word on replacing the `entered` ones. */
  const [fileStints, setFileStints] = useState<{ stints: StintValue[]; entered: number } | null>(null);
  const toast = useToast();
  const fileStops = useTimingFileStops(session, (memberId) => nameOf(memberId) ?? `Member ${memberId}`);

  const groups = lapGroups(rows.length, session.laps.length === rows.length ? session.stints : []);
  const nameOf = (memberId: number | null) => {
    const member = memberId === null ? undefined : members.find((m) => m.id === memberId);
    return member ? memberName(member) : null;
  };
  const fieldsOf = (row: LapRow, index: number) => (
    <LapFields key={index} row={row} index={index} error={errors[index]} bestSectorsMs={session.bestSectorsMs} members={members} onChange={(change) => update(index, change)} onRemove={() => setRemoving(index)} />
  );
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
    const laps = rows.flatMap(({ time, lapTimeMs, pitStopMs: _, ...lap }, i) => {
      const reading = lapTimeMs === undefined ? parseLapTime(time) : { ok: true as const, ms: lapTimeMs };
      if (reading.ok) return [{ ...lap, lapTimeMs: reading.ms }];
      found[i] = reading.message;
      return [];
    });
    setErrors(found);
    const wrong = Object.keys(found).map(Number);
    if (wrong.length > 0) {
      setOpened((current) => new Set([...current, ...wrong.map((i) => groups.findIndex((g) => i + 1 >= g.fromLap && i + 1 <= g.toLap))]));
      return;
    }
    // Laps straight from a timing import: the stints its drivers and stops give come with them.
    const fromFile = imported ? stintsFromLaps(rows, members) : [];
    const entered = session.stints.length;
    try {
      await setLaps.mutateAsync({ sessionId: session.id, body: { laps } });
    } catch (error) {
      toast.error(`Failed to save lap times: ${errorMessage(error)}`);
      return;
    }
    setImported(false);
    // Stops logged as they happened stay: the file only fills what the pit wall left blank.
    if (imported && session.pitStops.length > 0) return fileStops.merge(fromFile);
    if (fromFile.length === 0) return toast.success('Lap times saved');
    if (entered > 0) {
      toast.success('Lap times saved');
      return setFileStints({ stints: fromFile, entered });
    }
    await saveStints(fromFile);
  };

  /** Saves the stints of a timing import (after the laps they count), saying how many. */
  const saveStints = async (stints: StintValue[]) => {
    try {
      await setStints.mutateAsync({ sessionId: session.id, body: { stints } });
      toast.success(`Lap times saved, with ${stints.length} ${stints.length === 1 ? 'stint' : 'stints'} from the timing file`);
    } catch (error) {
      toast.error(`Lap times saved; failed to save the stints of the timing file: ${errorMessage(error)}`);
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
              pitStops={session.pitStops}
              onUse={(pasted) => {
                setRows(pasted);
                setImported(true);
                setErrors({});
                setPasting(false);
              }}
            />
          </Suspense>
        )}
        {rows.length === 0 ? (
          <p className={styles.muted}>No laps yet. Add them one by one or import a timing export.</p>
        ) : groups.length === 0 ? (
          <ol className={styles.lapList}>{rows.map(fieldsOf)}</ol>
        ) : (
          <ul className={styles.lapGroups} aria-label="Laps by stint">
            {groups.map((group, g) => {
              const laps = rows.slice(group.fromLap - 1, group.toLap);
              const open = opened.has(g);
              const toggle = () => setOpened((current) => (current.has(g) ? new Set([...current].filter((x) => x !== g)) : new Set([...current, g])));
              return (
                <li key={`${group.fromLap}-${group.toLap}`}>
                  <LapGroupHeader group={group} rows={laps} open={open} driverName={nameOf(group.driverMemberId)} onToggle={toggle} />
                  {open && (
                    <ol className={styles.lapList} start={group.fromLap}>
                      {laps.map((row, i) => fieldsOf(row, group.fromLap - 1 + i))}
                    </ol>
                  )}
                </li>
              );
            })}
          </ul>
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
      <ConfirmDialog
        open={fileStints !== null}
        onOpenChange={(open) => !open && setFileStints(null)}
        title="Replace the stints?"
        description={`This session has ${fileStints?.entered} ${fileStints?.entered === 1 ? 'stint' : 'stints'} entered. The timing file gives ${fileStints?.stints.length}, with its drivers and pit stop times (the fuel added is not in the file).`}
        confirmLabel="Use the file's stints"
        cancelLabel="Keep mine"
        onConfirm={() => {
          if (fileStints) void saveStints(fileStints.stints);
          setFileStints(null);
        }}
      />
      {fileStops.dialog}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove lap ${(removing ?? 0) + 1}?`}
        description={`Lap ${(removing ?? 0) + 1}${removing !== null && rows[removing]?.time ? ` (${rows[removing]!.time})` : ''} leaves the list; the laps after it move up. Nothing is saved until Save Lap Times.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing !== null) removeLap(removing);
          setRemoving(null);
        }}
      />
    </Card>
  );
}
