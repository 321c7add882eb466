import { useParams } from 'react-router-dom';
import type { Series } from '@pitwall/contracts';
import { Alert, Badge, Skeleton, errorMessage } from '@pitwall/kit';
import { useScrutineeringSheet } from '../api/series';
import { ScrutineeringSheetForm } from '../components/scrutineering-sheet-form';
import styles from '../components/series.module.css';
import { SeriesPage } from './series-page';

/** The organiser's scrutineering sheet of one car at one round (/series/:seriesId/rounds/:roundId/entries/:entryId). */
export function SheetRoute() {
  const { seriesId, roundId } = useParams();
  return (
    <SeriesPage back={{ to: `/series/${seriesId}/rounds/${roundId}`, label: 'Back to Round' }}>
      {(series) => <Sheet series={series} />}
    </SeriesPage>
  );
}

function Sheet({ series }: { series: Series }) {
  const params = useParams();
  const [roundId, entryId] = [Number(params.roundId), Number(params.entryId)];
  const round = series.rounds.find((r) => r.id === roundId);
  const sheet = useScrutineeringSheet(series.id, roundId, entryId);
  if (sheet.isPending) return <Skeleton height="16rem" />;
  if (sheet.error) return <Alert title="Entry not found">{errorMessage(sheet.error)}</Alert>;
  const s = sheet.data;
  return (
    <>
      <header>
        <h1 className={styles.title}>{s.carName ? `#${s.number} ${s.carName}` : `#${s.number}`}</h1>
        <p className={styles.subtitle}>
          {[s.teamName, round?.name, series.name].filter(Boolean).join(' · ')}
        </p>
        <div className={styles.badges}>
          <Badge>{s.class}</Badge>
          {s.withdrawn && <Badge tone="warning">Withdrawn</Badge>}
        </div>
      </header>
      {series.role !== 'organiser' || s.withdrawn ? (
        <Alert title="Read only">Only the organiser records scrutineering, and only for cars still entered.</Alert>
      ) : series.scrutineeringItems.length === 0 ? (
        <Alert title="No checklist items yet">Define the scrutineering checklist on the series page first.</Alert>
      ) : (
        <ScrutineeringSheetForm key={s.entryId} seriesId={series.id} items={series.scrutineeringItems} sheet={s} />
      )}
    </>
  );
}
