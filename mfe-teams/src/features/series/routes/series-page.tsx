import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Series } from '@pitwall/contracts';
import { Alert, Skeleton, buttonClass, errorMessage } from '@pitwall/kit';
import { useSeries } from '../api/series';
import styles from '../components/series.module.css';

/**
 * The frame of every page of one series: the back link, then the series once loaded ('Series not
 * found' when the user neither organises it nor is in an entered team).
 */
export function SeriesPage({ back, children }: { back: { to: string; label: string }; children: (series: Series) => ReactNode }) {
  const seriesId = Number(useParams().seriesId);
  const series = useSeries(seriesId);
  return (
    <div className={styles.page}>
      <Link to={back.to} className={`${buttonClass('secondary', 'sm')} ${styles.backLink}`}>
        ← {back.label}
      </Link>
      {series.isPending ? (
        <Skeleton height="12rem" />
      ) : series.error ? (
        <Alert title="Series not found">{errorMessage(series.error)}</Alert>
      ) : (
        children(series.data)
      )}
    </div>
  );
}
