import type { GearRatio, Issue, RaceEvent, Suspension, TirePressures } from '@pitwall/contracts';
import { Button, Card, safeImageUrl } from '@pitwall/kit';
import { formatRaceEventDate, formatRaceEventDays, gearCountText } from '../lib/race-event-format';
import type { RaceEventForm } from '../lib/race-event-paths';
import { IssueItem } from './issue-item';
import { PartsWarningsCard } from './parts-warnings-card';
import { SeriesRoundCard } from './series-round-card';
import { WeatherBadge } from './weather-badge';
import styles from './race-events.module.css';

/** docs/product.md, 'Constants and limits': the event Overview shows at most 3 issues. */
const OVERVIEW_ISSUE_LIMIT = 3;

export interface OverviewTabProps {
  raceEvent: RaceEvent;
  /** The weather to show: the latest session's, else the race event's (`shownWeather`). */
  weather: string | null;
  /** Every race event of the car (names the race event a carried-over issue came from). */
  raceEvents: readonly RaceEvent[] | undefined;
  gearRatios: readonly GearRatio[] | undefined;
  suspension: Suspension | null | undefined;
  tirePressures: TirePressures | undefined;
  issues: readonly Issue[] | undefined;
  carriedOver: readonly Issue[] | undefined;
  onOpenForm: (form: RaceEventForm) => void;
  onViewAllIssues: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** What of a section is the race event's own: ' · 2 set for this race event' or ' · from the baseline'. */
const ownPart = (own: number, total: number) => (total === 0 ? '' : own ? ` · ${own} set for this race event` : ' · from the baseline');

/** Overview tab (docs/product.md, 'Race events'): the series round it races (if any), details, Technical Setup, Issues Overview, and Pitwall's "Carried over" card. */
export function OverviewTab(props: OverviewTabProps) {
  const { raceEvent, weather, raceEvents, gearRatios, suspension, tirePressures, issues, carriedOver, onOpenForm, onViewAllIssues } = props;
  const profileImageUrl = safeImageUrl(raceEvent.profileImageUrl);
  const setupRows = [
    {
      label: 'Gear Ratios',
      value:
        gearRatios === undefined
          ? 'Loading...'
          : `${gearCountText(gearRatios.map((g) => g.name))}${raceEvent.finalDriveRatio ? ` · final drive ${raceEvent.finalDriveRatio}` : ''}${ownPart(gearRatios.filter((g) => g.own).length, gearRatios.length)}`,
      form: 'final-drive' as const,
    },
    {
      label: 'Suspension',
      value: suspension === undefined ? 'Loading...' : suspension ? `Configured${ownPart(suspension.ownFields.length, 1)}` : 'Not configured',
      form: 'suspension' as const,
    },
    {
      label: 'Tire Pressures',
      value:
        tirePressures === undefined
          ? 'Loading...'
          : `${plural(tirePressures.items.length, 'configuration', 'configurations')}${ownPart(tirePressures.items.filter((t) => t.own).length, tirePressures.items.length)}`,
      form: 'tire-pressures' as const,
    },
  ];
  const eventNames = new Map((raceEvents ?? []).map((e) => [e.id, e]));

  return (
    <div className={styles.stack}>
      {raceEvent.round && <SeriesRoundCard raceEvent={raceEvent} />}
      <PartsWarningsCard raceEvent={raceEvent} />
      <Card title="Event Details">
        {profileImageUrl && <img className={styles.profileImage} src={profileImageUrl} alt={`${raceEvent.name} profile`} />}
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Name</dt>
            <dd>{raceEvent.name}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Date</dt>
            <dd>{formatRaceEventDays(raceEvent.date, raceEvent.endsOn)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Weather</dt>
            <dd>
              <WeatherBadge weather={weather} />
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>Location</dt>
            <dd>{raceEvent.location}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Track Length</dt>
            <dd>{raceEvent.trackLength ?? <span className={styles.blank}>Not specified</span>}</dd>
          </div>
        </dl>
        <div className={styles.notes}>
          <p className={styles.notesLabel}>Notes</p>
          <p className={raceEvent.notes ? undefined : styles.muted}>{raceEvent.notes ?? 'No notes added for this event'}</p>
        </div>
        <div className={styles.overviewActions}>
          <Button variant="secondary" onClick={() => onOpenForm('images')}>
            Manage Images
          </Button>
          {raceEvent.timetableImageUrl && (
            <a className="pw-button pw-button--ghost pw-button--md" href={raceEvent.timetableImageUrl} target="_blank" rel="noopener noreferrer">
              View Timetable
            </a>
          )}
        </div>
      </Card>

      {carriedOver && carriedOver.length > 0 && (
        <Card title="Carried over" className={styles.carried}>
          <p className={styles.muted} style={{ marginBottom: '0.75rem' }}>
            Still unresolved from this car&apos;s earlier race events: issues, tools and parts to deal with before this one.
          </p>
          <ul className={styles.issueList} aria-label="Carried over issues">
            {carriedOver.map((issue) => {
              const from = issue.eventId === null ? undefined : eventNames.get(issue.eventId);
              return (
                <IssueItem
                  key={issue.id}
                  issue={issue}
                  withTransitions
                  origin={from ? `From ${from.name} · ${formatRaceEventDate(from.date)}` : undefined}
                />
              );
            })}
          </ul>
        </Card>
      )}

      <div className={styles.columns}>
        <Card
          title="Technical Setup"
          actions={
            <Button onClick={() => onOpenForm('setup')}>Edit Setup</Button>
          }
        >
          <ul className={styles.setupList}>
            {setupRows.map((row) => (
              <li key={row.label} className={styles.setupRow} aria-label={row.label}>
                <span>
                  <span className={styles.setupLabel}>{row.label}</span>
                  <br />
                  <span className={styles.setupValue}>{row.value}</span>
                </span>
                <Button size="sm" variant="secondary" onClick={() => onOpenForm(row.form)}>
                  Manage
                </Button>
              </li>
            ))}
          </ul>
        </Card>

        <Card title="Issues Overview">
          {issues === undefined ? (
            <p className={styles.muted}>Loading...</p>
          ) : issues.length === 0 ? (
            <div className={styles.emptyInline}>
              <p>No issues for this event yet.</p>
              <Button size="sm" onClick={() => onOpenForm('add-issue')}>
                Add Issue
              </Button>
            </div>
          ) : (
            <>
              <ul className={styles.issueList} aria-label="First issues">
                {issues.slice(0, OVERVIEW_ISSUE_LIMIT).map((issue) => (
                  <IssueItem key={issue.id} issue={issue} />
                ))}
              </ul>
              {issues.length > OVERVIEW_ISSUE_LIMIT && (
                <button type="button" className={styles.linkButton} onClick={onViewAllIssues}>
                  View all {issues.length} issues
                </button>
              )}
            </>
          )}
        </Card>
      </div>

    </div>
  );
}
