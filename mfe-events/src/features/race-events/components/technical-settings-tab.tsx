import { SUSPENSION_SETTINGS, type RaceEvent, type Suspension, type TirePressures } from '@pitwall/contracts';
import { Accordion, Button, Card, Skeleton } from '@pitwall/kit';
import type { RaceEventForm } from '../lib/use-race-events-view';
import styles from './race-events.module.css';

export interface TechnicalSettingsTabProps {
  raceEvent: RaceEvent;
  suspension: Suspension | null | undefined;
  tirePressures: TirePressures | undefined;
  onOpenForm: (form: RaceEventForm) => void;
}

function Value({ value }: { value: string | null }) {
  return value && value.trim() ? <>{value}</> : <span className={styles.blank}>Not specified</span>;
}

function SuspensionSide({ suspension, side }: { suspension: Suspension; side: 'front' | 'rear' }) {
  return (
    <dl className={styles.facts}>
      {SUSPENSION_SETTINGS.map((setting) => (
        <div key={setting.key} className={styles.fact}>
          <dt>{setting.label}</dt>
          <dd>
            <Value value={suspension[`${side}${setting.key}`]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Technical Settings tab (spec §2): the final drive ratio (Edit or Set) with its notes, the race
 * event's suspension in an accordion (Front, Rear, Notes), and one card per tire pressure condition.
 */
export function TechnicalSettingsTab({ raceEvent, suspension, tirePressures, onOpenForm }: TechnicalSettingsTabProps) {
  const hasFinalDrive = Boolean(raceEvent.finalDriveRatio);
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
          <p className={styles.bigValue}>{raceEvent.finalDriveRatio}</p>
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
      </Card>

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
                  <h3>{row.condition}</h3>
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
    </div>
  );
}
