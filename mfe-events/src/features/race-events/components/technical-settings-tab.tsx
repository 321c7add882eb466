import { Suspense, lazy } from 'react';
import type { GearRatio, RaceEvent, Suspension, TirePressures } from '@pitwall/contracts';
import { SUSPENSION_SETTINGS } from '@pitwall/contracts/values';
import { Accordion, Button, Card, Skeleton } from '@pitwall/kit';
import { GeometryFigures } from '@pitwall/setup-forms/display';
import type { RaceEventForm } from '../lib/race-event-paths';
import { OWN_LEGEND, OwnBadge } from '../../setup-audit';
import { RaceEventSetupSheetCard } from './race-event-setup-sheet-card';
import styles from './race-events.module.css';

/**
 * The corner weights card holds the scales' forms (react-hook-form, the zod body schemas): it comes
 * with the setup forms' main entry, loaded when this tab first shows it, so the race event's other
 * screens show their content without waiting for the forms.
 */
const CornerWeightsCard = lazy(() => import('@pitwall/setup-forms').then((m) => ({ default: m.CornerWeightsCard })));

export interface TechnicalSettingsTabProps {
  raceEvent: RaceEvent;
  /** The effective gear ratios: the 'Final Drive' row gives the final drive the car runs when the race event sets none. */
  gearRatios?: readonly GearRatio[] | undefined;
  suspension: Suspension | null | undefined;
  tirePressures: TirePressures | undefined;
  onOpenForm: (form: RaceEventForm) => void;
}

function Value({ value }: { value: string | null }) {
  return value && value.trim() ? <span>{value}</span> : <span className={styles.blank}>Not specified</span>;
}

function SuspensionSide({ suspension, side }: { suspension: Suspension; side: 'front' | 'rear' }) {
  return (
    <dl className={styles.facts}>
      {SUSPENSION_SETTINGS.map((setting) => (
        <div key={setting.key} className={styles.fact}>
          <dt>{setting.label}</dt>
          <dd>
            <Value value={suspension[`${side}${setting.key}`]} />
            <OwnBadge own={suspension.ownFields.includes(`${side}${setting.key}`)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Technical Settings tab (docs/product.md, 'Race events'): the final drive ratio (Edit or Set) with its notes, the race
 * event's suspension in an accordion (Front, Rear, Notes) with its geometry, the corner weights, one card per tire pressure condition,
 * and the engineer's setup sheet.
 * Everything shown is the race event's EFFECTIVE setup; its own values carry the 'Race event'
 * badge, the rest is the car's baseline.
 */
export function TechnicalSettingsTab({ raceEvent, gearRatios, suspension, tirePressures, onOpenForm }: TechnicalSettingsTabProps) {
  const hasFinalDrive = Boolean(raceEvent.finalDriveRatio);
  const baselineFinalDrive = gearRatios?.find((g) => g.name === 'Final Drive')?.ratio ?? null;
  return (
    <div className={styles.stack}>
      <div>
        <Button onClick={() => onOpenForm('setup')}>Edit Setup</Button>
      </div>
      <Card
        title="Final Drive Ratio"
        actions={
          <Button size="sm" variant="secondary" onClick={() => onOpenForm('final-drive')}>
            {hasFinalDrive ? 'Edit' : 'Set'}
          </Button>
        }
      >
        {hasFinalDrive ? (
          <p className={styles.bigValue}>
            <span>{raceEvent.finalDriveRatio}</span>
            <OwnBadge own />
          </p>
        ) : baselineFinalDrive ? (
          <>
            <p className={styles.bigValue}>{baselineFinalDrive}</p>
            <p className={styles.muted}>No final drive ratio set for this event: the car's baseline 'Final Drive' ratio applies.</p>
          </>
        ) : (
          <p className={styles.muted}>No final drive ratio set for this event.</p>
        )}
        {raceEvent.finalDriveNotes && (
          <div className={styles.notes}>
            <p className={styles.notesLabel}>Notes</p>
            <p>{raceEvent.finalDriveNotes}</p>
          </div>
        )}
      </Card>

      <Card
        title="Suspension Settings"
        actions={
          <Button size="sm" variant="secondary" onClick={() => onOpenForm('suspension')}>
            {suspension ? 'Edit' : 'Add Suspension Data'}
          </Button>
        }
      >
        {suspension === undefined ? (
          <Skeleton height="6rem" />
        ) : suspension === null ? (
          <p className={styles.muted}>No suspension settings for this event yet.</p>
        ) : (
          <Accordion
            defaultValue={['front', 'rear']}
            items={[
              { value: 'front', title: 'Front', content: <SuspensionSide suspension={suspension} side="front" /> },
              { value: 'rear', title: 'Rear', content: <SuspensionSide suspension={suspension} side="rear" /> },
              {
                value: 'notes',
                title: 'Notes',
                content: suspension.notes ? <p className={styles.notes} style={{ marginTop: 0 }}>{suspension.notes}</p> : <p className={styles.muted}>No notes</p>,
              },
            ]}
          />
        )}
        <GeometryFigures carId={raceEvent.carId} raceEventId={raceEvent.id} />
      </Card>

      <Suspense fallback={<Skeleton height="6rem" />}>
        <CornerWeightsCard carId={raceEvent.carId} raceEventId={raceEvent.id} ownBadge={(own) => <OwnBadge own={own} />} />
      </Suspense>

      <Card
        title="Tire Pressures"
        actions={
          <Button size="sm" variant="secondary" onClick={() => onOpenForm('tire-pressures')}>
            Edit
          </Button>
        }
      >
        {tirePressures === undefined ? (
          <Skeleton height="6rem" />
        ) : tirePressures.items.length === 0 ? (
          <p className={styles.muted}>No tire pressures for this event yet.</p>
        ) : (
          <>
            <div className={styles.pressureGrid}>
              {tirePressures.items.map((row) => (
                <section key={row.id} className={styles.pressureCard} aria-label={row.condition}>
                  <h3>
                    {row.condition}
                    <OwnBadge own={row.own} />
                  </h3>
                  <dl className={styles.corners}>
                    <div>
                      <dt>Front Left</dt>
                      <dd>{row.frontLeft}</dd>
                    </div>
                    <div>
                      <dt>Front Right</dt>
                      <dd>{row.frontRight}</dd>
                    </div>
                    <div>
                      <dt>Rear Left</dt>
                      <dd>{row.rearLeft}</dd>
                    </div>
                    <div>
                      <dt>Rear Right</dt>
                      <dd>{row.rearRight}</dd>
                    </div>
                  </dl>
                </section>
              ))}
            </div>
            {tirePressures.notes && (
              <p className={styles.notes}>
                <strong>Note:</strong> {tirePressures.notes}
              </p>
            )}
          </>
        )}
      </Card>

      <RaceEventSetupSheetCard carId={raceEvent.carId} raceEventId={raceEvent.id} onEdit={() => onOpenForm('setup-sheet')} />
      <p className={styles.muted}>{OWN_LEGEND}</p>
    </div>
  );
}
