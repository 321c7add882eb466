import { Link, useParams } from 'react-router-dom';
import type { Series } from '@pitwall/contracts';
import { Alert, Badge, Card, Skeleton, buttonClass, errorMessage } from '@pitwall/kit';
import { useRoundResults, useRoundScrutineering, useSeriesEntries } from '../api/series';
import { BopCard } from '../components/bop-card';
import { roundDates } from '../components/round-dates';
import { RoundResultsForm } from '../components/round-results-form';
import { RoundResultsTable } from '../components/round-results';
import { ScrutineeringResults } from '../components/scrutineering-results';
import { TimetableCard } from '../components/timetable-card';
import { TireRegisterCard } from '../components/tire-register-card';
import styles from '../components/series.module.css';
import { SeriesPage } from './series-page';

/**
 * A round (/series/:seriesId/rounds/:roundId): its timetable (TimetableCard: the sessions by day,
 * 'Edit Timetable' for the organiser), its classification for every participant ('Record
 * Results' below it for the organiser), its balance of performance (every car's with 'Edit BoP' for
 * the organiser, its own cars' for a team), its tires (TireRegisterCard), then its scrutineering: one
 * card per car with its results.
 * The organiser sees every car (withdrawn ones by number and class only) and opens each sheet; a
 * team sees its own cars' results.
 */
export function RoundRoute() {
  const seriesId = Number(useParams().seriesId);
  return (
    <SeriesPage back={{ to: `/series/${seriesId}`, label: 'Back to Series' }}>
      {(series) => <RoundSheets series={series} />}
    </SeriesPage>
  );
}

function RoundSheets({ series }: { series: Series }) {
  const roundId = Number(useParams().roundId);
  const round = series.rounds.find((r) => r.id === roundId);
  const sheets = useRoundScrutineering(series.id, roundId);
  if (!round) return <Alert title="Round not found">This round is not part of {series.name}.</Alert>;
  const organiser = series.role === 'organiser';
  return (
    <>
      <header>
        <h1 className={styles.title}>{round.name}</h1>
        <p className={styles.subtitle}>
          {series.name} · {round.location} · {roundDates(round)}
        </p>
      </header>
      <TimetableCard series={series} round={round} />
      <RoundResultsCard series={series} roundId={roundId} />
      <BopCard series={series} roundId={roundId} />
      <TireRegisterCard series={series} roundId={roundId} />
      <h2 className={styles.sectionTitle}>Scrutineering</h2>
      {sheets.isPending ? (
        <Skeleton height="10rem" />
      ) : sheets.error ? (
        <Alert title="Scrutineering could not be loaded.">{errorMessage(sheets.error)}</Alert>
      ) : sheets.data.length === 0 ? (
        <p className={styles.muted}>No cars entered.</p>
      ) : (
        <div className={styles.grid}>
          {sheets.data.map((sheet) => (
            <Card
              key={sheet.entryId}
              title={sheet.carName ? `#${sheet.number} ${sheet.carName}` : `#${sheet.number}`}
              headingLevel={2}
              actions={
                organiser &&
                !sheet.withdrawn && (
                  <Link to={`/series/${series.id}/rounds/${roundId}/entries/${sheet.entryId}`} className={buttonClass('primary', 'sm')} aria-label={`Scrutineer #${sheet.number}`}>
                    Scrutineer
                  </Link>
                )
              }
            >
              <div className={styles.badges}>
                <Badge>{sheet.class}</Badge>
                {sheet.teamName && <span className={styles.rowMeta}>{sheet.teamName}</span>}
                {sheet.withdrawn && <Badge tone="warning">Withdrawn</Badge>}
              </div>
              <ScrutineeringResults results={sheet.results} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}

/** The round's classification; the organiser records it below the table. */
function RoundResultsCard({ series, roundId }: { series: Series; roundId: number }) {
  const results = useRoundResults(series.id, roundId);
  const organiser = series.role === 'organiser';
  const entries = useSeriesEntries(series.id);
  return (
    <Card title="Results" headingLevel={2}>
      {results.isPending ? (
        <Skeleton height="6rem" />
      ) : results.error ? (
        <Alert title="The results could not be loaded.">{errorMessage(results.error)}</Alert>
      ) : (
        <>
          <RoundResultsTable results={results.data} />
          {organiser && (
            <>
              <h3 className={styles.classTitle}>Record Results</h3>
              {entries.isPending ? (
                <Skeleton height="6rem" />
              ) : entries.error ? (
                <Alert title="The entries could not be loaded.">{errorMessage(entries.error)}</Alert>
              ) : (
                <RoundResultsForm seriesId={series.id} roundId={roundId} entries={entries.data} results={results.data} />
              )}
            </>
          )}
        </>
      )}
    </Card>
  );
}
