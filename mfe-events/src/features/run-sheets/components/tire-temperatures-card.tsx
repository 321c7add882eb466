import { Suspense, lazy, useState } from 'react';
import type { RaceEvent, RunSession, TeamUnits } from '@pitwall/contracts';
import { Button, Card, Skeleton, useTireTemperatureTargets } from '@pitwall/kit';
import { readingName, targetsText } from '../lib/tire-temperature-format';
import { ChoiceButtons } from './choice-buttons';
import { SpreadTrend } from './spread-trend';
import { TirePicture } from './tire-picture';
import styles from './run-sheets.module.css';
import css from './tire-temperatures.module.css';

// The forms (react-hook-form, zod) load when first opened, with a skeleton in their place meanwhile.
const TireTemperaturesForm = lazy(() => import('./tire-temperatures-form').then((m) => ({ default: m.TireTemperaturesForm })));
const TireTemperatureTargetsForm = lazy(() => import('./tire-temperature-targets-form').then((m) => ({ default: m.TireTemperatureTargetsForm })));

/** A reading's key among a session's: its stint, 'run' for the one after the run. */
const keyOf = (stint: number | null) => (stint === null ? 'run' : String(stint));

/**
 * 'Tire Temperatures' of a session: the picture of a reading (TirePicture; with several, a choice of
 * which: after each stint, after the run — the last shown first), the car's targets it is read
 * against with 'Edit Targets', the spread trend at the race event's location (SpreadTrend) and 'Add
 * Tire Temperatures'. Temperatures in the team's unit; the API's are °C.
 */
export function TireTemperaturesCard({ carId, session, raceEvent, units }: { carId: number; session: RunSession; raceEvent: Pick<RaceEvent, 'name' | 'location'>; units: TeamUnits }) {
  const targets = useTireTemperatureTargets(carId);
  const [adding, setAdding] = useState(false);
  const [editingTargets, setEditingTargets] = useState(false);
  const readings = session.tireTemperatures;
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = readings.find((r) => keyOf(r.stint) === chosen) ?? readings.at(-1);

  return (
    <Card
      title="Tire Temperatures"
      headingLevel={3}
      actions={!adding && <Button onClick={() => setAdding(true)}>Add Tire Temperatures</Button>}
    >
      <div className={styles.stack}>
        {adding && (
          <Suspense fallback={<Skeleton height="16rem" />}>
            <TireTemperaturesForm
              carId={carId}
              session={session}
              units={units}
              onDone={(stint) => {
                setAdding(false);
                if (stint !== undefined) setChosen(keyOf(stint));
              }}
            />
          </Suspense>
        )}
        {!shown ? (
          <p className={styles.muted}>No tire temperatures yet. After a stint or the run, take each tire&apos;s inner, middle and outer temperature.</p>
        ) : (
          <>
            {readings.length > 1 ? (
              <ChoiceButtons label="Reading" options={readings.map((r) => ({ value: keyOf(r.stint), label: readingName(r.stint) }))} value={keyOf(shown.stint)} onChange={setChosen} />
            ) : (
              <h4 className={css.subheading}>{readingName(shown.stint)}</h4>
            )}
            <TirePicture reading={shown} targets={targets.data} hot={session.tirePressures.hot} units={units} />
          </>
        )}
        {targets.data &&
          (editingTargets ? (
            <Suspense fallback={<Skeleton height="8rem" />}>
              <TireTemperatureTargetsForm carId={carId} targets={targets.data} units={units} onDone={() => setEditingTargets(false)} />
            </Suspense>
          ) : (
            <p className={css.targets}>
              <span>Targets: {targetsText(targets.data, units)}.</span>
              <Button variant="secondary" onClick={() => setEditingTargets(true)}>
                Edit Targets
              </Button>
            </p>
          ))}
        {targets.error && <p className={styles.muted}>The car&apos;s targets could not be loaded: each tire is read as the server last answered.</p>}
        <SpreadTrend carId={carId} session={session} raceEvent={raceEvent} targets={targets.data} units={units} />
      </div>
    </Card>
  );
}
