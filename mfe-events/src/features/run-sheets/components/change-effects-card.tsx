import type { ChangeEffect, TeamUnits } from '@pitwall/contracts';
import { Alert, Card, Skeleton, errorMessage, useSessions } from '@pitwall/kit';
import { useChangeEffects } from '../api/change-effects';
import { changeText, deltaText, deltaWords, VERDICT_LABELS } from '../lib/change-effect-format';
import { temperatureText } from '../lib/run-sheet-format';
import { BestThreeChart } from './best-three-chart';
import styles from './run-sheets.module.css';

/** A lap-time delta with its arrow, read out in words. */
function Delta({ label, ms }: { label: string; ms: number | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd aria-label={`${label}: ${deltaWords(ms)}`}>{deltaText(ms)}</dd>
    </>
  );
}

/** One pair of runs: the changes from → to, the deltas, the conditions and the verdict with its reason. */
function EffectEntry({ effect, names, units }: { effect: ChangeEffect; names: Map<number, string>; units: TeamUnits }) {
  const { conditions: c, lapTimes: t } = effect;
  const temps = c.trackTempC.every((v) => v !== null) ? `Track ${temperatureText(c.trackTempC[0]!, units)} → ${temperatureText(c.trackTempC[1]!, units)}` : null;
  const tires = c.tireSetLapsBefore !== null && c.tireSetLapsAfter !== null ? `Tires ${c.tireSetLapsBefore} → ${c.tireSetLapsAfter} laps old` : null;
  const conditions = [c.sameDriver ? 'Same driver' : 'Driver changed', tires, temps].filter(Boolean).join(' · ');
  return (
    <li className={styles.effect} aria-label={`${names.get(effect.previousSessionId)} → ${names.get(effect.sessionId)}`}>
      <h3 className={styles.effectTitle}>
        {names.get(effect.previousSessionId)} → {names.get(effect.sessionId)}:{' '}
        <span className={styles.verdict} data-verdict={effect.verdict}>
          {VERDICT_LABELS[effect.verdict]}
        </span>
      </h3>
      {effect.changes.length === 0 ? (
        <p className={styles.muted}>No setup changes.</p>
      ) : (
        <ul className={styles.effectChanges} aria-label="Setup changes">
          {effect.changes.map((ch) => (
            <li key={`${ch.section}.${ch.field}`}>{changeText(ch)}</li>
          ))}
        </ul>
      )}
      <dl className={styles.effectDeltas}>
        <Delta label="Best three" ms={t.averageBestThreeDeltaMs} />
        <Delta label="Best lap" ms={t.bestDeltaMs} />
        {t.theoreticalBestDeltaMs !== null && <Delta label="Theoretical best" ms={t.theoreticalBestDeltaMs} />}
        {t.sectorDeltasMs.map((ms, i) => (
          <Delta key={i} label={`S${i + 1}`} ms={ms} />
        ))}
      </dl>
      <p className={styles.muted}>{conditions}</p>
      <p>{effect.because}.</p>
    </li>
  );
}

/**
 * 'What changed, what it did': for each session after the first (or, with `sessionId`, the pair
 * ending at that run sheet), the setup changes since the previous session beside the lap-time
 * deltas and the verdict in words with why; on the Sessions tab the best-three chart above.
 */
export function ChangeEffectsCard({ carId, raceEventId, units, sessionId }: { carId: number; raceEventId: number; units: TeamUnits; sessionId?: number }) {
  const effects = useChangeEffects(carId, raceEventId);
  const sessions = useSessions(carId, raceEventId).data ?? [];
  const names = new Map(sessions.map((s) => [s.id, s.name]));
  const shown = effects.data?.filter((e) => sessionId === undefined || e.sessionId === sessionId) ?? [];
  return (
    <Card title="What changed, what it did" headingLevel={2}>
      {effects.error ? (
        <Alert title="What each change did could not be loaded.">{errorMessage(effects.error)}</Alert>
      ) : effects.isPending ? (
        <Skeleton height="6rem" />
      ) : shown.length === 0 ? (
        <p className={styles.muted}>{sessionId === undefined ? 'Two sessions are needed to see what a change did.' : 'The first session of the race event: nothing to compare with.'}</p>
      ) : (
        <div className={styles.stack}>
          {sessionId === undefined && <BestThreeChart sessions={sessions} effects={effects.data!} />}
          <ol className={styles.effectList} aria-label="Pairs of runs">
            {shown.map((e) => (
              <EffectEntry key={e.sessionId} effect={e} names={names} units={units} />
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}
