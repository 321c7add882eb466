import { useState } from 'react';
import type { TeamUnits, TirePressureTargets } from '@pitwall/contracts';
import { cornerTarget, PRESSURE_CORNERS } from '@pitwall/contracts/values';
import { Alert, Button, Card, Skeleton, errorMessage, useCar, useTirePressureTargets } from '@pitwall/kit';
import { WithTeamUnits, gaugePressure } from '@pitwall/setup-forms/display';
import { HistoryButton } from '../../car-history';
import { CarTirePressureTargetsForm, FormSuspense } from './lazy-forms';
import styles from './car-record.module.css';

/** Each corner's target in the team's unit: its own, or its axle's (said so), or 'Not set'. */
function Targets({ targets, units }: { targets: TirePressureTargets; units: TeamUnits }) {
  return (
    <dl className={styles.settings}>
      {PRESSURE_CORNERS.map((corner) => {
        const target = cornerTarget(targets, corner);
        return (
          <div key={corner.key} style={{ display: 'contents' }}>
            <dt>{corner.label}</dt>
            {target === null ? (
              <dd className={styles.blank}>Not set</dd>
            ) : (
              <dd>
                {gaugePressure(target, units)} {units.pressureUnit}
                {targets[corner.key] === null && <span className={styles.dash}> ({corner.axle} axle)</span>}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

/**
 * 'Target Hot Pressures' card: the hot pressure the engineer works to at each corner, in
 * the team's unit, and its edit form (per axle, a corner only where it differs). The Sessions tab
 * of a race event proposes cold pressures from these.
 */
export function TargetPressuresCard({ carId }: { carId: number }) {
  const [editing, setEditing] = useState(false);
  const car = useCar(carId);
  const { data: targets, isPending, error } = useTirePressureTargets(carId);
  const none = targets !== undefined && Object.values(targets).every((v) => v === null);

  let content;
  if (isPending) content = <Skeleton height="6rem" />;
  else if (error) content = <Alert title="Target hot pressures could not be loaded.">{errorMessage(error)}</Alert>;
  else {
    content = (
      <WithTeamUnits teamId={car.data?.teamId}>
        {(units) =>
          editing ? (
            <FormSuspense>
              <CarTirePressureTargetsForm carId={carId} targets={targets} units={units} onDone={() => setEditing(false)} />
            </FormSuspense>
          ) : none ? (
            <div className={styles.empty}>
              <p>No target hot pressures yet. Set them to get cold pressure suggestions on a race event's Sessions tab.</p>
              <Button onClick={() => setEditing(true)}>Set Targets</Button>
            </div>
          ) : (
            <Targets targets={targets} units={units} />
          )
        }
      </WithTeamUnits>
    );
  }

  return (
    <Card
      title={editing ? 'Edit Target Hot Pressures' : 'Target Hot Pressures'}
      actions={
        !editing && (
          <>
            {!isPending && !error && !none && (
              <Button variant="secondary" size="sm" aria-label="Edit Target Hot Pressures" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <HistoryButton carId={carId} section="tire-pressure-targets" title="Target Hot Pressures" />
          </>
        )
      }
    >
      {content}
    </Card>
  );
}
