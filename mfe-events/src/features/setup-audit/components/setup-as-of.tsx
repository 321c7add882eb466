import { useState } from 'react';
import { endOfDay, format, parseISO } from 'date-fns';
import type { SetupSnapshot } from '@pitwall/contracts';
import { Alert, ApiError, Card, SelectField, Skeleton, TextField, errorMessage, useRaceEvents, useSetupSnapshot, type SetupMoment } from '@pitwall/kit';
import { asOfCaption, raceEventOptionLabel, type AsOfChoice } from '../lib/as-of-caption';
import { MAINTENANCE_LABELS, formatDay } from '../lib/audit-format';
import { LabelledSection, SetupTables, SetupValue } from './setup-tables';
import styles from './setup-audit.module.css';

const BASIC_FIELDS = [
  ['name', 'Name'],
  ['makeModel', 'Make & Model'],
  ['year', 'Year'],
  ['carClass', 'Class'],
  ['engine', 'Engine'],
  ['transmission', 'Transmission'],
  ['weight', 'Weight'],
  ['power', 'Power'],
  ['tuningFileUrl', 'Tuning link'],
] as const;

/** The tire pressure targets as the as-of view lists them: the axles, then a corner only where it has its own. */
const TARGET_FIELDS = [
  ['front', 'Front target (hot)'],
  ['rear', 'Rear target (hot)'],
  ['fl', 'Front left target (hot)'],
  ['fr', 'Front right target (hot)'],
  ['rl', 'Rear left target (hot)'],
  ['rr', 'Rear right target (hot)'],
] as const;

/**
 * The whole setup of a snapshot, read-only: first the caption saying which moment it is (see
 * asOfCaption: a race event's snapshot is at its last change; any other at the end of `day`), then
 * basic information, maintenance, the target hot pressures (psi), baseline, and the race event's own.
 */
function SetupSnapshotView({ snapshot, day }: { snapshot: SetupSnapshot; day: string }) {
  const { basic, maintenance, tirePressureTargets, baseline, raceEvent } = snapshot;
  const choice: AsOfChoice = raceEvent ? { kind: 'race-event', name: raceEvent.name } : { kind: 'date', day };
  return (
    <div className={styles.stack}>
      <p className={styles.asOfCaption}>{asOfCaption(choice, snapshot.at)}</p>
      <LabelledSection title="Basic Information">
        <dl className={styles.facts}>
          {BASIC_FIELDS.map(([key, label]) => (
            <div key={key} className={styles.fact}>
              <dt>{label}</dt>
              <dd>
                <SetupValue value={basic[key] === null ? null : String(basic[key])} />
              </dd>
            </div>
          ))}
        </dl>
      </LabelledSection>
      <LabelledSection title="Maintenance">
        <dl className={styles.facts}>
          {MAINTENANCE_LABELS.map((item) => {
            const date = maintenance[item.field] ?? null;
            return (
              <div key={item.field} className={styles.fact}>
                <dt>{item.label}</dt>
                <dd>{date ? formatDay(date) : <span className={styles.blank}>Not recorded</span>}</dd>
              </div>
            );
          })}
        </dl>
      </LabelledSection>
      <LabelledSection title="Target Hot Pressures">
        <dl className={styles.facts}>
          {TARGET_FIELDS.filter(([key]) => key === 'front' || key === 'rear' || tirePressureTargets[key] !== null).map(([key, label]) => (
            <div key={key} className={styles.fact}>
              <dt>{label}</dt>
              <dd>
                <SetupValue value={tirePressureTargets[key] === null ? null : `${tirePressureTargets[key]} psi`} />
              </dd>
            </div>
          ))}
        </dl>
      </LabelledSection>
      <LabelledSection title="Baseline setup">
        <SetupTables setup={baseline} emptyText="Not configured" />
      </LabelledSection>
      {raceEvent && (
        <LabelledSection title={`${raceEvent.name} · ${formatDay(raceEvent.date)}`}>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>Final Drive Ratio</dt>
              <dd>
                <SetupValue value={raceEvent.finalDriveRatio} />
              </dd>
            </div>
            {raceEvent.finalDriveNotes && (
              <div className={styles.fact}>
                <dt>Final Drive Notes</dt>
                <dd>{raceEvent.finalDriveNotes}</dd>
              </div>
            )}
          </dl>
          <SetupTables setup={raceEvent.setup} emptyText="Not configured" markOwn />
        </LabelledSection>
      )}
    </div>
  );
}

/** The picker's value for "a date": anything that is not a race event id. */
const DATE_CHOICE = 'date';

/**
 * 'As it was at…': pick a race event (default this one) or a date, and see the car's complete setup
 * at that moment, rebuilt from its event stream. A date means the end of that day in the viewer's
 * time zone.
 */
export function SetupAsOf({ carId, raceEventId }: { carId: number; raceEventId: number }) {
  const [choice, setChoice] = useState(String(raceEventId));
  const [date, setDate] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  const raceEvents = useRaceEvents(carId);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const moment: SetupMoment | null =
    choice === DATE_CHOICE ? (validDate ? { asOf: endOfDay(parseISO(date)).toISOString() } : null) : { raceEventId: Number(choice) };
  const snapshot = useSetupSnapshot(carId, moment);
  const options = [
    ...(raceEvents.data ?? [{ id: raceEventId, name: 'This race event', date: '' }]).map((e) => ({
      value: String(e.id),
      label: raceEventOptionLabel(e.name),
    })),
    { value: DATE_CHOICE, label: 'the end of a date' },
  ];


  return (
    <Card title="As it was at…">
      <div className={styles.controls}>
        <SelectField label="As it was at" value={choice} options={options} onChange={(e) => setChoice(e.target.value)} />
        {choice === DATE_CHOICE && (
          <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={validDate ? undefined : 'Enter a date'} />
        )}
      </div>
      {moment === null ? null : snapshot.error instanceof ApiError && snapshot.error.status === 404 ? (
        <p className={styles.muted}>The car had no setup recorded at that moment.</p>
      ) : snapshot.error ? (
        <Alert title="The setup could not be rebuilt.">{errorMessage(snapshot.error)}</Alert>
      ) : snapshot.isPending ? (
        <Skeleton height="14rem" />
      ) : (
        <SetupSnapshotView snapshot={snapshot.data} day={date} />
      )}
    </Card>
  );
}
