import { Suspense, lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { RaceEvent } from '@pitwall/contracts';
import { parseTrackLengthKm } from '@pitwall/contracts/values';
import { Alert, Button, Card, OnceShown, Skeleton, errorMessage, getTeamMembersQueryOptions, useCar, useSessions, useTirePressures } from '@pitwall/kit';
import { WithTeamUnits } from '@pitwall/setup-forms/display';
import { SetupChanges } from '../../setup-audit';
import { raceEventPath, sessionPath, sessionViewOf, type SessionView } from '../../race-events';
import type { ColdPrefill } from '../lib/pressure-suggestion';
import { AtThisTrack } from './at-this-track';
import { ChangeEffectsCard } from './change-effects-card';
import { SessionCard } from './session-card';
import { SessionDetail } from './session-detail';
import styles from './run-sheets.module.css';

// The tab's forms load when first opened, with a skeleton in their place meanwhile.
const AddSessionForm = lazy(() => import('./add-session-form').then((m) => ({ default: m.AddSessionForm })));
const SuggestColdPressures = lazy(() => import('./suggest-cold-pressures').then((m) => ({ default: m.SuggestColdPressures })));

/** The history sections the Sessions tab lists under 'Run sheet changes'. */
const RUN_SHEET_SECTIONS = ['sessions'] as const;

/**
 * What the tab shows, from the path below it: the session cards (…/sessions), a session's run
 * sheet (…/sessions/{id}), Add Session (…/sessions/new) or 'Suggest cold pressures'
 * (…/sessions/suggest), so Back and reloads work. Opening pushes a history entry unless `replace`.
 */
function useSessionView(carId: number, raceEventId: number) {
  const value = sessionViewOf(useParams()['*'] ?? '');
  const navigate = useNavigate();
  const set = (next: SessionView | null, replace = false) =>
    navigate(next === null ? raceEventPath(carId, raceEventId, 'sessions') : sessionPath(carId, raceEventId, next), { replace });
  return { value, set };
}

/**
 * The race event's 'Sessions' tab: 'Add Session', a card per session (best lap, timed laps,
 * driver, conditions) with 'Next session', 'What changed, what it did' (from two sessions on), one
 * session's run sheet when opened, and 'At this track'. 'Next session' opens Add Session carried over from that session (each value marked);
 * Add Session alone follows the latest one by name and time but carries no values (`nextSessionDraft`). 'Suggest
 * cold pressures' proposes the next session's cold pressures; 'Use these' opens Add
 * Session with them filled in. Values with units show in the team's units (Team Settings).
 */
export function SessionsTab({ carId, raceEvent }: { carId: number; raceEvent: RaceEvent }) {
  const car = useCar(carId);
  const teamId = car.data?.teamId;
  const open = useSessionView(carId, raceEvent.id);
  // The members are the pickers of Add Session and of a run sheet, so the cards do not wait for them.
  const membersNeeded = open.value !== null && open.value !== 'suggest';
  const members = useQuery({ ...getTeamMembersQueryOptions(teamId ?? 0), enabled: teamId !== undefined && membersNeeded });
  const sessions = useSessions(carId, raceEvent.id);
  // The race event's effective tire pressures: a first carried-over session starts from its 'Dry (Cold)' row.
  const tirePressures = useTirePressures(carId, raceEvent.id);
  // The cold pressures 'Use these' hands to the next Add Session (kept until that form closes).
  const [prefill, setPrefill] = useState<ColdPrefill | undefined>();
  // The session 'Next session' was tapped on; Add Session alone follows the latest session.
  const [after, setAfter] = useState<number | undefined>();
  const closeAddSession = (id?: number) => {
    setPrefill(undefined);
    setAfter(undefined);
    open.set(id ?? null, true);
  };

  return (
    <WithTeamUnits teamId={teamId}>
      {(units) => {
        if (sessions.error) return <Alert title="Sessions could not be loaded.">{errorMessage(sessions.error)}</Alert>;
        if (sessions.isPending) return <Skeleton height="8rem" />;
        if (open.value === 'new') {
          const previous = sessions.data.find((s) => s.id === after) ?? sessions.data.at(-1);
          return members.data && !tirePressures.isPending ? (
            <div className={styles.stack}>
              <h2 className={styles.sessionTitle}>Add Session</h2>
              <Suspense fallback={<Skeleton height="12rem" />}>
                <AddSessionForm
                  raceEvent={raceEvent}
                  members={members.data}
                  units={units}
                  previous={previous}
                  carryValues={after !== undefined}
                  tirePressures={tirePressures.data?.items}
                  prefill={prefill}
                  onDone={closeAddSession}
                />
              </Suspense>
            </div>
          ) : (
            <Skeleton height="12rem" />
          );
        }
        if (open.value === 'suggest') {
          const lastAirTemp = sessions.data.findLast((s) => s.airTempC !== null)?.airTempC ?? null;
          return (
            <Suspense fallback={<Skeleton height="12rem" />}>
              <SuggestColdPressures
                raceEvent={raceEvent}
                units={units}
                temperatureC={lastAirTemp}
                onBack={() => open.set(null)}
                onUse={(next) => {
                  setPrefill(next);
                  open.set('new', true);
                }}
              />
            </Suspense>
          );
        }
        const selected = sessions.data.find((s) => s.id === open.value);
        if (selected) {
          const trackLengthKm = raceEvent.trackLength === null ? null : parseTrackLengthKm(raceEvent.trackLength);
          return <SessionDetail carId={carId} session={selected} raceEvent={raceEvent} units={units} members={members.data ?? []} trackLengthKm={trackLengthKm} onBack={() => open.set(null)} />;
        }
        return (
          <div className={styles.stack}>
            <Card
              title="Sessions"
              headingLevel={2}
              actions={
                <>
                  <Button variant="secondary" onClick={() => open.set('suggest')}>
                    Suggest cold pressures
                  </Button>
                  <Button onClick={() => open.set('new')}>
                    Add Session
                  </Button>
                </>
              }
            >
              {sessions.data.length === 0 ? (
                <p className={styles.muted}>No sessions yet. Add one for every time the car goes out: test, practice, qualifying, race.</p>
              ) : (
                <ul className={styles.sessionGrid} aria-label="Sessions in running order">
                  {sessions.data.map((s) => (
                    <li key={s.id}>
                      <SessionCard
                        session={s}
                        units={units}
                        onOpen={() => open.set(s.id)}
                        onNext={() => {
                          setAfter(s.id);
                          open.set('new');
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            {sessions.data.length > 1 && <ChangeEffectsCard carId={carId} raceEventId={raceEvent.id} units={units} />}
            <AtThisTrack carId={carId} raceEvent={raceEvent} units={units} />
            <OnceShown fallback={<Skeleton height="6rem" />}>
              <SetupChanges
                carId={carId}
                raceEventId={raceEvent.id}
                sections={RUN_SHEET_SECTIONS}
                title="Run sheet changes"
                emptyText="No run sheet changes yet. Every session added, changed or deleted will show here, with who did it."
              />
            </OnceShown>
          </div>
        );
      }}
    </WithTeamUnits>
  );
}
