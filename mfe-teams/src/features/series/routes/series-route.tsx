import { Badge } from '@pitwall/kit';
import { ChecklistCard } from '../components/checklist-card';
import { EnterCarForm } from '../components/enter-car-form';
import { EntryListCard } from '../components/entry-list-card';
import { JoinCodesCard } from '../components/join-codes-card';
import { LeaveSeriesCard } from '../components/leave-series-card';
import { RoundsCard } from '../components/rounds-card';
import { StandingsCard } from '../components/standings-card';
import styles from '../components/series.module.css';
import { SeriesPage } from './series-page';

/**
 * One series (/series/:seriesId). The organiser: rounds (add), the standings, join codes, the
 * checklist and the entry list by class with passports. An entered team: 'Enter a Car', its own
 * entries (withdraw), the rounds with their results, the standings, and 'Leave Series'.
 */
export function SeriesRoute() {
  return (
    <SeriesPage back={{ to: '/series', label: 'Back to Series' }}>
      {(series) => (
        <>
          <header>
            <h1 className={styles.title}>{series.name}</h1>
            <p className={styles.subtitle}>
              Season {series.season} · {series.role === 'organiser' ? 'You organise this series' : `Entered: ${series.myTeams.map((t) => t.teamName).join(', ')}`}
            </p>
            <div className={styles.badges}>
              {series.classes.map((c) => (
                <Badge key={c}>{c}</Badge>
              ))}
            </div>
          </header>
          {series.role === 'organiser' ? (
            <div className={styles.columns}>
              <div className={styles.page}>
                <RoundsCard series={series} />
                <StandingsCard series={series} />
                <JoinCodesCard series={series} />
                <ChecklistCard series={series} />
              </div>
              <EntryListCard series={series} />
            </div>
          ) : (
            <div className={styles.columns}>
              <div className={styles.page}>
                <EnterCarForm series={series} />
                <EntryListCard series={series} />
              </div>
              <div className={styles.page}>
                <RoundsCard series={series} />
                <StandingsCard series={series} />
                <LeaveSeriesCard series={series} />
              </div>
            </div>
          )}
        </>
      )}
    </SeriesPage>
  );
}
