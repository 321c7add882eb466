import type { RaceEvent, TimetableChange, TimetableSession } from '@pitwall/contracts';
import { Badge, Card, Skeleton, useRaceEventRound } from '@pitwall/kit';
import styles from './race-events.module.css';

/** 'Sat, May 2' of a UTC midnight; made on its first use (a round without a timetable never needs one). */
let weekdayDayMonth: Intl.DateTimeFormat | undefined;
const WEEKDAY_DAY_MONTH = () => (weekdayDayMonth ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }));
const TYPE_WORDS: Record<TimetableSession['type'], string> = { test: 'Test', practice: 'Practice', qualifying: 'Qualifying', race: 'Race' };

/**
 * A timetable time as the organiser wrote it, the circuit's wall clock (not the viewer's zone):
 * `startsAt` '2026-05-02T10:00:00+02:00' → { day: 'Sat, May 2', time: '10:00' }.
 */
export function wallClock(startsAt: string): { day: string; time: string } {
  return { day: WEEKDAY_DAY_MONTH().format(new Date(`${startsAt.slice(0, 10)}T00:00:00Z`)), time: startsAt.slice(11, 16) };
}

/** One change of a publication in words: 'FP2 moved from Sat, May 2 14:30 to Sat, May 2 15:30'. */
export function changeText(change: TimetableChange): string {
  const at = (v: TimetableChange['from']) => (typeof v === 'string' ? `${wallClock(v).day} ${wallClock(v).time}` : '');
  switch (change.kind) {
    case 'added':
      return `${change.name} added: ${at(change.to)}`;
    case 'removed':
      return `${change.name} removed (a run sheet with data stays)`;
    case 'moved':
      return `${change.name} moved from ${at(change.from)} to ${at(change.to)}`;
    case 'resized':
      return `${change.name} now ${change.to} min (was ${change.from} min)`;
    case 'renamed':
      return `${change.from} renamed ${change.to}`;
    case 'retyped':
      return `${change.name} is now ${TYPE_WORDS[change.to as TimetableSession['type']] ?? change.to}`;
  }
}

const kg = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} kg`;

/**
 * The series round a race event races: series, round and the car's number; the car's BoP with a
 * warning where this race event's setup falls short of it; the timetable by day at the circuit's
 * time; and what the organiser's last change of it moved.
 */
export function SeriesRoundCard({ raceEvent }: { raceEvent: RaceEvent }) {
  const { data: round, isPending, isError } = useRaceEventRound(raceEvent);
  if (isPending) return <Skeleton height="8rem" />;
  if (isError || !round) return null;
  const days = new Map<string, TimetableSession[]>();
  for (const s of round.timetable.sessions) days.set(s.startsAt.slice(0, 10), [...(days.get(s.startsAt.slice(0, 10)) ?? []), s]);
  const latest = round.timetable.revisions.length > 1 ? round.timetable.revisions[0] : undefined;
  return (
    <Card title="Series round">
      <div className={styles.stack}>
        <p>
          <strong>{round.seriesName}</strong> · {round.roundName} · #{round.number} ({round.class})
        </p>
        {latest && latest.changes.length > 0 && (
          <section aria-label="What changed" className={styles.roundChanges}>
            <h3 className={styles.roundHeading}>What changed</h3>
            <ul>
              {latest.changes.map((c) => (
                <li key={`${c.kind}-${c.sessionId}`}>{changeText(c)}</li>
              ))}
            </ul>
          </section>
        )}
        {round.bop && (
          <section aria-label="Balance of performance">
            <h3 className={styles.roundHeading}>Balance of performance</h3>
            <p>
              Ballast {kg(round.bop.ballastKg)}
              {round.bop.restrictorMm !== null && ` · Restrictor ${round.bop.restrictorMm} mm`}
              {round.bop.minWeightKg !== null && ` · Minimum weight ${kg(round.bop.minWeightKg)}`}
            </p>
            {round.bop.notes && <p className={styles.muted}>{round.bop.notes}</p>}
            {round.bopWarnings.map((w) => (
              <p key={w.kind} role="alert">
                <Badge tone="warning">Warning</Badge> {w.message}
              </p>
            ))}
          </section>
        )}
        <section aria-label="Timetable">
          <h3 className={styles.roundHeading}>Timetable</h3>
          {days.size === 0 ? (
            <p className={styles.muted}>The organiser has not published sessions yet.</p>
          ) : (
            [...days].map(([day, sessions]) => (
              <div key={day}>
                <h4 className={styles.roundDay}>{wallClock(`${day}T00:00`).day}</h4>
                <ul className={styles.roundSessions}>
                  {sessions.map((s) => (
                    <li key={s.id}>
                      <span className={styles.roundTime}>{wallClock(s.startsAt).time}</span> {s.name} · {TYPE_WORDS[s.type]} · {s.durationMinutes} min
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
          <p className={styles.muted}>Times are the circuit&apos;s local time.</p>
        </section>
      </div>
    </Card>
  );
}
