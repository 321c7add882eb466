import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Button, Skeleton, Tabs, useRaceEventImages, useRaceEventIssues, useSessions } from '@pitwall/kit';
import { formatRaceEventDays, shownWeather } from '../lib/race-event-format';
import { raceEventPath, tabOfPath, type RaceEventTab } from '../lib/race-event-paths';
import { useRaceEventNav } from '../lib/use-race-event-nav';
import { BackToAllEvents, useRaceEventOutlet } from '../routes/race-event-route';
import { WeatherBadge } from './weather-badge';
import { SetupSheetLink } from '../../setup-audit';
import styles from './race-events.module.css';

/** The detail tabs in their order, with their labels (Issues and Images show their counts). */
const TAB_LABELS: readonly (readonly [RaceEventTab, string])[] = [
  ['overview', 'Overview'],
  ['technical', 'Technical Settings'],
  ['sessions', 'Sessions'],
  ['race-plan', 'Race Plan'],
  ['issues', 'Issues'],
  ['images', 'Images'],
  ['history', 'Setup History'],
];

/**
 * Event detail mode: 'Back to All Events', 'Setup Sheet', 'Add Issue/Tool Request', the race
 * event's name, weather, place and date, and the tabs (Overview, Technical Settings, Sessions, Race
 * Plan, Issues, Images, Setup History), each a path of its own whose route fetches its own data.
 * The header asks only for what it shows: the sessions (the latest session's weather), and the
 * issues and images (their counts in the tab labels). While a session is open on a phone, the
 * header shrinks to the race event's name on one line and the tab list steps aside, so the run
 * sheet starts at the top (`data-session-open`, race-events.module.css).
 */
export function RaceEventDetail() {
  const outlet = useRaceEventOutlet();
  const { carId, raceEvent } = outlet;
  const nav = useRaceEventNav(carId, raceEvent.id);
  const rest = useLocation().pathname.slice(raceEventPath(carId, raceEvent.id).length).replace(/^\/+/, '');
  const tab = tabOfPath(rest);
  const sessionOpen = tab === 'sessions' && /^sessions\/./.test(rest);
  const sessions = useSessions(carId, raceEvent.id);
  const issues = useRaceEventIssues(carId, raceEvent.id);
  const images = useRaceEventImages(carId, raceEvent.id);
  const weather = shownWeather(raceEvent.weather, sessions.data);
  const counts: Partial<Record<RaceEventTab, number>> = { issues: issues.data?.length ?? 0, images: images.data?.length ?? 0 };
  const tabs = TAB_LABELS.map(([value, label]) => ({
    value,
    label: counts[value] === undefined ? label : `${label} (${counts[value]})`,
    // A tab that loads on first use (Technical Settings, Race Plan, Setup History) shows a skeleton meanwhile.
    content: (
      <Suspense fallback={<Skeleton height="12rem" />}>
        <Outlet context={outlet} />
      </Suspense>
    ),
  }));

  return (
    <div className={styles.page} data-session-open={sessionOpen ? '' : undefined}>
      <div className={styles.detailHeader}>
        <BackToAllEvents carId={carId} />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          <SetupSheetLink carId={carId} raceEventId={raceEvent.id} />
          <Button onClick={() => nav.openForm('add-issue')}>Add Issue/Tool Request</Button>
        </div>
      </div>
      <div>
        <div className={styles.detailTitleRow}>
          <h1 className={styles.title}>{raceEvent.name}</h1>
          <WeatherBadge weather={weather} />
        </div>
        <p className={`${styles.muted} ${styles.detailWhere}`}>
          {raceEvent.location} · {formatRaceEventDays(raceEvent.date, raceEvent.endsOn)}
        </p>
      </div>
      <Tabs label="Race event" items={tabs} value={tab} onValueChange={(value) => nav.setTab(value as RaceEventTab)} />
    </div>
  );
}
