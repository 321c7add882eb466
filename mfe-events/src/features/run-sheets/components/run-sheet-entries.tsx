import type { RaceEvent, RunSession, TeamMember, TeamUnits } from '@pitwall/contracts';
import { FeedbackForm } from './feedback-form';
import { LapChart } from './lap-chart';
import { LapTimesEditor } from './lap-times-editor';
import { PitStops } from './pit-stops';
import { SessionPressuresForm } from './session-pressures-form';
import { TireTemperaturesCard } from './tire-temperatures-card';

/**
 * The part of a run sheet a crew enters between two runs, in its order: lap times, pit stops and
 * driver time, tire pressures, tire temperatures, driver feedback, then the lap chart. A race puts
 * its stints, pit stops, pressures and temperatures before its laps (what the pit wall reads during
 * and after a race; the laps are long and collapsed). Each form starts afresh for another session (keyed by its id).
 */
export function RunSheetEntries({ carId, session, raceEvent, units, members, trackLengthKm }: {
  carId: number;
  session: RunSession;
  /** The session's race event: its location is the track of the tire temperatures' spread trend. */
  raceEvent: Pick<RaceEvent, 'name' | 'location'>;
  units: TeamUnits;
  /** The team's members (lap drivers, the pit stop's drivers). */
  members: readonly TeamMember[];
  /** The race event's track length (km), to flag imported laps too fast for it; null when unknown. */
  trackLengthKm: number | null;
}) {
  const laps = <LapTimesEditor key={`laps-${session.id}`} carId={carId} session={session} members={members} trackLengthKm={trackLengthKm} />;
  const race = session.type === 'race';
  return (
    <>
      {!race && laps}
      <PitStops key={`stints-${session.id}`} carId={carId} session={session} members={members} />
      <SessionPressuresForm key={`tires-${session.id}`} carId={carId} session={session} units={units} />
      <TireTemperaturesCard key={`temperatures-${session.id}`} carId={carId} session={session} raceEvent={raceEvent} units={units} />
      {race && laps}
      <FeedbackForm key={`feedback-${session.id}`} carId={carId} session={session} />
      <LapChart laps={session.laps} bestSectorsMs={session.bestSectorsMs} />
    </>
  );
}
