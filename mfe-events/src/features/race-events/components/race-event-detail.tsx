import { useQuery } from '@tanstack/react-query';
import { Alert, ApiError, Button, Skeleton, Tabs, errorMessage, useCarriedOverIssues, useGearRatios, useRaceEventImages, useRaceEvent, useRaceEventIssues, useRaceEvents, getSuspensionQueryOptions, useSuspension, getTirePressuresQueryOptions, useTirePressures, useSessions } from '@pitwall/kit';
import { formatRaceEventDate, previousRaceEvent, shownWeather } from '../lib/race-event-format';
import type { RaceEventsView, RaceEventTab } from '../lib/use-race-events-view';
import { AddIssueForm } from './add-issue-form';
import { FinalDriveForm } from './final-drive-form';
import { ImagesTab } from './images-tab';
import { IssuesTab } from './issues-tab';
import { OverviewTab } from './overview-tab';
import { RaceEventImagesForm } from './race-event-images-form';
import { RaceEventSetupForm, RaceEventSuspensionForm, RaceEventTirePressuresForm } from './setup-forms';
import { TechnicalSettingsTab } from './technical-settings-tab';
import { WeatherBadge } from './weather-badge';
import { SetupHistoryTab, SetupSheetLink } from '../../setup-audit';
import { SessionsTab } from '../../run-sheets';
import { RacePlanTab } from '../../race-plan';
import styles from './race-events.module.css';

/**
 * Event detail mode: 'Back to All Events', 'Add Issue/Tool Request' and the tabs (Overview,
 * Technical Settings, Sessions, Issues, Images, Setup History); a full-page form (view.form)
 * replaces the whole view. While a session is open on a phone, the header shrinks to the race
 * event's name on one line and the tab list steps aside, so the run sheet starts at the top
 * (`data-session-open`, race-events.module.css).
 */
export function RaceEventDetail({ carId, eventId, view }: { carId: number; eventId: number; view: RaceEventsView }) {
  const raceEvent = useRaceEvent(carId, eventId);
  const raceEvents = useRaceEvents(carId);
  const issues = useRaceEventIssues(carId, eventId);
  const carriedOver = useCarriedOverIssues(carId, eventId);
  const gearRatios = useGearRatios(carId, eventId);
  const suspension = useSuspension(carId, eventId);
  const tirePressures = useTirePressures(carId, eventId);
  const images = useRaceEventImages(carId, eventId);
  const sessions = useSessions(carId, eventId);
  // 'Start from <previous race event>': its effective values, fetched only while a form is open.
  const previous = raceEvent.data ? previousRaceEvent(raceEvents.data ?? [], raceEvent.data) : null;
  const previousSuspension = useQuery({ ...getSuspensionQueryOptions(carId, previous?.id ?? 0), enabled: previous !== null && view.form === 'suspension' });
  const previousTires = useQuery({ ...getTirePressuresQueryOptions(carId, previous?.id ?? 0), enabled: previous !== null && view.form === 'tire-pressures' });

  const back = (
    <Button variant="secondary" onClick={view.backToList}>
      ← Back to All Events
    </Button>
  );

  if (raceEvent.error instanceof ApiError && raceEvent.error.status === 404) {
    return (
      <div className={styles.empty}>
        <h1>Race event not found</h1>
        <p className={styles.muted}>This race event does not exist for this car.</p>
        {back}
      </div>
    );
  }
  if (raceEvent.error) {
    return <Alert title="The race event could not be loaded." action={back}>{errorMessage(raceEvent.error)}</Alert>;
  }
  if (raceEvent.isPending) {
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label="Loading race event">
        <Skeleton height="2.5rem" width="60%" />
        <Skeleton height="12rem" />
      </div>
    );
  }

  const event = raceEvent.data;
  const weather = shownWeather(event.weather, sessions.data);
  switch (view.form) {
    case 'add-issue':
      return <AddIssueForm raceEvent={event} onDone={view.closeForm} />;
    case 'final-drive':
      if (gearRatios.isPending) return <Skeleton height="12rem" />;
      return <FinalDriveForm raceEvent={event} effectiveRatio={gearRatios.data?.find((g) => g.name === 'Final Drive')?.ratio ?? null} onDone={view.closeForm} />;
    case 'suspension':
      if (suspension.isPending) return <Skeleton height="12rem" />;
      return (
        <RaceEventSuspensionForm
          raceEvent={event}
          initial={suspension.data ?? null}
          previous={previous ? { name: previous.name, values: previousSuspension.data } : undefined}
          onDone={view.closeForm}
        />
      );
    case 'tire-pressures':
      if (tirePressures.isPending) return <Skeleton height="12rem" />;
      return (
        <RaceEventTirePressuresForm
          raceEvent={event}
          initial={tirePressures.data}
          previous={previous ? { name: previous.name, values: previousTires.data } : undefined}
          onDone={view.closeForm}
        />
      );
    case 'setup':
      if (tirePressures.isPending || suspension.isPending) return <Skeleton height="12rem" />;
      return <RaceEventSetupForm raceEvent={event} tirePressures={tirePressures.data} suspension={suspension.data ?? null} onDone={view.closeForm} />;
    case 'images':
      return <RaceEventImagesForm raceEvent={event} onDone={view.closeForm} />;
    default:
      break;
  }

  const issueCount = issues.data?.length ?? 0;
  const imageCount = images.data?.length ?? 0;
  const tabs = [
    {
      value: 'overview',
      label: 'Overview',
      content: (
        <OverviewTab
          raceEvent={event}
          weather={weather}
          raceEvents={raceEvents.data}
          gearRatios={gearRatios.data}
          suspension={suspension.isPending ? undefined : (suspension.data ?? null)}
          tirePressures={tirePressures.data}
          issues={issues.data}
          carriedOver={carriedOver.data}
          onOpenForm={view.openForm}
          onViewAllIssues={() => view.setTab('issues')}
        />
      ),
    },
    {
      value: 'technical',
      label: 'Technical Settings',
      content: (
        <TechnicalSettingsTab
          raceEvent={event}
          gearRatios={gearRatios.data}
          suspension={suspension.isPending ? undefined : (suspension.data ?? null)}
          tirePressures={tirePressures.data}
          onOpenForm={view.openForm}
        />
      ),
    },
    { value: 'sessions', label: 'Sessions', content: <SessionsTab carId={carId} raceEvent={event} /> },
    { value: 'race-plan', label: 'Race Plan', content: <RacePlanTab carId={carId} raceEvent={event} /> },
    {
      value: 'issues',
      label: `Issues (${issueCount})`,
      content: issues.error ? (
        <Alert title="Issues could not be loaded.">{errorMessage(issues.error)}</Alert>
      ) : (
        <IssuesTab issues={issues.data ?? []} onAddIssue={() => view.openForm('add-issue')} />
      ),
    },
    {
      value: 'images',
      label: `Images (${imageCount})`,
      content: images.error ? (
        <Alert title="Images could not be loaded.">{errorMessage(images.error)}</Alert>
      ) : (
        <ImagesTab images={images.data ?? []} />
      ),
    },
    { value: 'history', label: 'Setup History', content: <SetupHistoryTab carId={carId} eventId={eventId} /> },
  ];

  return (
    <div className={styles.page} data-session-open={view.sessionOpen ? '' : undefined}>
      <div className={styles.detailHeader}>
        {back}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          <SetupSheetLink carId={carId} eventId={eventId} />
          <Button onClick={() => view.openForm('add-issue')}>Add Issue/Tool Request</Button>
        </div>
      </div>
      <div>
        <div className={styles.detailTitleRow}>
          <h1 className={styles.title}>{event.name}</h1>
          <WeatherBadge weather={weather} />
        </div>
        <p className={`${styles.muted} ${styles.detailWhere}`}>
          {event.location} · {formatRaceEventDate(event.date)}
        </p>
      </div>
      <Tabs label="Race event" items={tabs} value={view.tab} onValueChange={(value) => view.setTab(value as RaceEventTab)} />
    </div>
  );
}
