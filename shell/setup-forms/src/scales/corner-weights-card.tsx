import { useState, type ReactNode } from 'react';
import { cornerWeightFigures, type CornerWeights, type SetupTargets, type TeamSettings } from '@pitwall/contracts';
import { Alert, Button, Card, Skeleton, errorMessage, useCar, useCornerWeights, useSetupTargets, useTeamSettings, useUpdateCornerWeights, useUpdateSetupTargets } from '@pitwall/kit';
import { CornerWeightsForm } from './corner-weights-form';
import { SetupTargetsForm } from './setup-targets-form';
import { diagonalLabel, formatMass, formatPercent, formatSignedMass, targetDifference } from './format';
import styles from './scales.module.css';

const CORNERS = [
  { key: 'fl', label: 'FL' },
  { key: 'fr', label: 'FR' },
  { key: 'rl', label: 'RL' },
  { key: 'rr', label: 'RR' },
] as const;

/** The four corners as the scales show them, in the team's unit; the race event's own ones marked. */
function Corners({ weights, settings, ownBadge }: { weights: CornerWeights; settings: TeamSettings; ownBadge: ((own: boolean) => ReactNode) | undefined }) {
  return (
    <dl className={styles.corners} aria-label="Corner weights">
      {CORNERS.map((c) => (
        <div key={c.key} className={styles.corner}>
          <dt>{c.label}</dt>
          <dd>
            {weights[c.key] === null ? <span className={styles.blank}>Not weighed</span> : formatMass(weights[c.key]!, settings.massUnit)}
            {ownBadge?.(weights.ownFields.includes(c.key))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What follows from the four weights: total, front %, left %, cross weight % (saying which
 * diagonal), wedge, the axle and side totals, and the difference to the car's targets. The figures
 * are computed here from the values shown (the same formulas as the server's), so they follow the
 * team's diagonal and stay right while a change waits offline.
 */
function Figures({ weights, settings, targets }: { weights: CornerWeights; settings: TeamSettings; targets: SetupTargets | undefined }) {
  const f = cornerWeightFigures(weights, settings.crossDiagonal);
  if (!f) return <p className={styles.blank}>Enter all four corners to see the cross weight.</p>;
  const unit = settings.massUnit;
  const rows: [string, string, string | null][] = [
    ['Total', formatMass(f.totalKg, unit), null],
    ['Front', formatPercent(f.frontPercent), targets?.frontPercent == null ? null : targetDifference(f.frontPercent, targets.frontPercent)],
    ['Left', formatPercent(f.leftPercent), null],
    [`Cross weight (${diagonalLabel(f.diagonal)})`, formatPercent(f.crossPercent), targets?.crossPercent == null ? null : targetDifference(f.crossPercent, targets.crossPercent)],
    ['Wedge', formatSignedMass(f.wedgeKg, unit), null],
    ['Front axle', formatMass(f.frontKg, unit), null],
    ['Rear axle', formatMass(f.rearKg, unit), null],
    ['Left side', formatMass(f.leftKg, unit), null],
    ['Right side', formatMass(f.rightKg, unit), null],
  ];
  return (
    <dl className={styles.figures} aria-label="Scales figures">
      {rows.map(([label, value, target]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd>
            {value}
            {target && <span className={styles.target}> · {target}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How the car was weighed, in one line: 'Driver in (78 kg) · 20 l fuel · 15 kg ballast (passenger floor)'. */
function weighedAs(w: CornerWeights, settings: TeamSettings): string | null {
  const driver = w.driverIn === null ? null : `${w.driverIn ? 'Driver in' : 'Ballast for the driver'}${w.driverKg === null ? '' : ` (${formatMass(w.driverKg, settings.massUnit)})`}`;
  const parts = [
    driver ?? (w.driverKg === null ? null : `Driver ${formatMass(w.driverKg, settings.massUnit)}`),
    w.fuelLitres === null ? null : `${w.fuelLitres} l fuel`,
    w.ballastKg === null ? null : `${formatMass(w.ballastKg, settings.massUnit)} ballast${w.ballastPosition ? ` (${w.ballastPosition})` : ''}`,
  ].filter(Boolean);
  return parts.length === 0 ? null : parts.join(' · ');
}

export interface CornerWeightsCardProps {
  carId: number;
  /** A race event's effective scales (its own values marked); undefined: the car's baseline. */
  raceEventId?: number | undefined;
  /** More buttons beside 'Edit' (e.g. the section's history). */
  actions?: ReactNode;
  /** Marks a race event's own value (e.g. the 'Race event' badge); nothing on the baseline. */
  ownBadge?: (own: boolean) => ReactNode;
}

/**
 * 'Corner Weights' card: the four corner weights in the team's unit (kg|lb), how the car was
 * weighed, the figures that follow (cross weight on the team's diagonal) with the difference to the
 * car's targets, and the edit forms in place (the weights; on the car also its targets, car-wide). On a race event it shows and saves the race event's
 * effective scales (the baseline's where it has none of its own).
 */
export function CornerWeightsCard({ carId, raceEventId, actions, ownBadge }: CornerWeightsCardProps) {
  const [mode, setMode] = useState<'read' | 'weights' | 'targets'>('read');
  const setEditing = (on: boolean) => setMode(on ? 'weights' : 'read');
  const editing = mode !== 'read';
  const car = useCar(carId);
  const settings = useTeamSettings(car.data?.teamId);
  const weights = useCornerWeights(carId, raceEventId);
  const targets = useSetupTargets(carId);
  const update = useUpdateCornerWeights(carId, raceEventId);
  const updateTargets = useUpdateSetupTargets(carId);
  const none = weights.data !== undefined && [...CORNERS.map((c) => weights.data[c.key]), weights.data.driverKg, weights.data.fuelLitres, weights.data.ballastKg, weights.data.notes].every((v) => v === null);
  const error = weights.error ?? settings.error;

  let content;
  if (error) content = <Alert title="Corner weights could not be loaded.">{errorMessage(error)}</Alert>;
  else if (!weights.data || !settings.data) content = <Skeleton height="8rem" />;
  else if (mode === 'targets' && targets.data) content = <SetupTargetsForm initial={targets.data} onSave={(body) => updateTargets.mutateAsync(body)} onDone={() => setMode('read')} />;
  else if (editing) content = <CornerWeightsForm initial={weights.data} massUnit={settings.data.massUnit} onSave={(body) => update.mutateAsync(body)} onDone={() => setEditing(false)} />;
  else if (none) {
    content = (
      <div className={styles.empty}>
        <p>No corner weights yet.</p>
        <Button onClick={() => setEditing(true)}>Add Corner Weights</Button>
      </div>
    );
  } else {
    const how = weighedAs(weights.data, settings.data);
    content = (
      <>
        <Corners weights={weights.data} settings={settings.data} ownBadge={raceEventId === undefined ? undefined : ownBadge} />
        <Figures weights={weights.data} settings={settings.data} targets={targets.data} />
        {how && <p className={styles.weighed}>{how}</p>}
        {weights.data.notes && <p className={styles.weighed}>{weights.data.notes}</p>}
      </>
    );
  }

  return (
    <Card
      title={mode === 'targets' ? 'Edit Setup Targets' : editing ? 'Edit Corner Weights' : 'Corner Weights'}
      actions={
        !editing && (
          <>
            {weights.data && settings.data && !none && (
              <Button variant="secondary" size="sm" aria-label="Edit Corner Weights" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {raceEventId === undefined && targets.data && (
              <Button variant="secondary" size="sm" aria-label="Edit Setup Targets" onClick={() => setMode('targets')}>
                Targets
              </Button>
            )}
            {actions}
          </>
        )
      }
    >
      {content}
    </Card>
  );
}
