import type { RaceNow, RunSession, TeamMember } from '@pitwall/contracts';
import { minutesText } from '@pitwall/contracts/values';
import { Button, Card, Skeleton } from '@pitwall/kit';
import { useRaceNow } from '../api/race-now';
import { memberName } from '../../../lib/drivers';
import { drivingTimeText } from './pit-stops';
import styles from './race-now.module.css';

/** Minutes as the clock 'h:mm:ss', to the whole second (61.5 → '1:01:30'). */
const clockText = (minutes: number) => drivingTimeText(Math.round(minutes * 60) * 1000);

/** A driver's time left to the rules in words: 'minimum in 26.1 min · maximum in 86.1 min', 'over the maximum by 3 min'. */
function rulesText({ minutesToMinimum, minutesToMaximum }: RaceNow['drivers'][number]): string {
  const parts = [
    minutesToMinimum === null ? null : minutesToMinimum > 0 ? `minimum in ${minutesText(minutesToMinimum)}` : 'minimum reached',
    minutesToMaximum === null ? null : minutesToMaximum >= 0 ? `maximum in ${minutesText(minutesToMaximum)}` : `over the maximum by ${minutesText(-minutesToMaximum)}`,
  ];
  return parts.filter(Boolean).join(' · ') || 'no driving-time rules';
}

/**
 * 'Race now' on a race's run sheet, for the pit wall on a phone: big figures of the estimated lap
 * (laps completed, with '−1 lap' / '+1 lap' to set the lap count the pit wall sees, kept on this
 * phone), the running stint (driver, from lap, time counting every second), the fuel left and the
 * next stop's window, then each driver's time against the rules and the warnings. Computed in the
 * browser (useRaceNow), so it keeps ticking offline from the session and plan last held.
 */
export function RaceNowCard({ carId, session, members }: { carId: number; session: RunSession; members: readonly TeamMember[] }) {
  const { answer, problem, loading, correction, correctLap, clearCorrection } = useRaceNow(carId, session);
  const nameOf = (id: number) => {
    const member = members.find((m) => m.id === id);
    return member ? memberName(member) : `Member ${id}`;
  };
  if (loading) return <Skeleton height="12rem" />;
  if (!answer) {
    return (
      <Card title="Race now" headingLevel={3}>
        <p className={styles.muted}>{problem}</p>
      </Card>
    );
  }
  const { estimatedLap, stint, fuelRemainingLitres, nextStop, drivers, warnings } = answer;
  return (
    <Card title="Race now" headingLevel={3}>
      <dl className={styles.figures}>
        <div className={styles.lap}>
          <dt>Estimated lap</dt>
          <dd>
            <span>{estimatedLap}</span>
            <span className={styles.lapButtons}>
              <Button variant="secondary" onClick={() => correctLap(-1)} disabled={estimatedLap === 0}>
                −1 lap
              </Button>
              <Button variant="secondary" onClick={() => correctLap(1)}>
                +1 lap
              </Button>
            </span>
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>Stint</dt>
          <dd>
            {stint ? clockText(stint.minutes) : '—'}
            <span className={styles.detail}>{stint ? `${nameOf(stint.driverMemberId)} · from lap ${stint.fromLap}` : 'No driver named'}</span>
          </dd>
        </div>
        <div>
          <dt>Fuel remaining</dt>
          <dd>{fuelRemainingLitres === null ? '—' : `${fuelRemainingLitres} L`}</dd>
        </div>
        <div>
          <dt>Next stop</dt>
          <dd>
            {nextStop ? (nextStop.fromLap === nextStop.toLap ? `Lap ${nextStop.toLap}` : `Laps ${nextStop.fromLap}–${nextStop.toLap}`) : '—'}
            {!nextStop && fuelRemainingLitres !== null && <span className={styles.detail}>The fuel lasts to the flag</span>}
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>
        {correction ? `Lap count set by the pit wall: ${correction.laps} at ${new Date(correction.atMs).toLocaleTimeString()}, running on by the plan's lap time. ` : "Laps completed by the clock: time since the start, less the stops logged, ÷ the plan's lap time. "}
        {correction && (
          <Button variant="ghost" onClick={clearCorrection}>
            Use the Clock's Estimate
          </Button>
        )}
      </p>
      {drivers.length > 0 && (
        <ul className={styles.drivers} aria-label="Driving time now">
          {drivers.map((d) => (
            <li key={d.driverMemberId}>
              <strong>{nameOf(d.driverMemberId)}</strong> <span className={styles.clock}>{clockText(d.minutes)}</span> <span className={styles.muted}>{rulesText(d)}</span>
            </li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <ul className={styles.warnings} aria-label="Race now warnings">
          {warnings.map((w) => (
            <li key={`${w.driverMemberId ?? ''}${w.message}`}>{w.driverMemberId === undefined ? w.message : `${nameOf(w.driverMemberId)} ${w.message}`}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
