import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Skeleton, errorMessage } from '@pitwall/kit';
import { useSeriesList } from '../api/series';
import { CreateSeriesDialog } from '../components/create-series-dialog';
import { EnterSeriesForm } from '../components/enter-series-form';
import styles from '../components/series.module.css';

/**
 * Series (/series, docs/product.md, 'Series'): 'Your Series' (organised or entered), 'Create Series' (any signed-in
 * user becomes an organiser) and 'Enter a Series' with a join code (a team owner or admin).
 */
export function SeriesListRoute() {
  const { data: series, isPending, error } = useSeriesList();
  const [creating, setCreating] = useState(false);

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h1 className={styles.title}>Series</h1>
          <p className={styles.subtitle}>Championships you organise or race in.</p>
        </div>
        <Button onClick={() => setCreating(true)}>Create Series</Button>
      </header>

      <EnterSeriesForm />

      <section aria-labelledby="your-series-title">
        <h2 id="your-series-title" className={styles.sectionTitle}>
          Your Series
        </h2>
        {isPending ? (
          <Skeleton height="8rem" />
        ) : error ? (
          <Alert title="Series could not be loaded.">{errorMessage(error)}</Alert>
        ) : series.length === 0 ? (
          <p className={styles.muted}>No series yet: create one, or enter your team with an organiser's join code.</p>
        ) : (
          <div className={styles.grid}>
            {series.map((s) => (
              <Link key={s.id} to={`/series/${s.id}`} className={styles.seriesCard}>
                <div className={styles.cardTop}>
                  <span className={styles.cardName}>{s.name}</span>
                  <Badge tone={s.role === 'organiser' ? 'accent' : 'primary'}>{s.role === 'organiser' ? 'Organiser' : 'Entrant'}</Badge>
                </div>
                <span className={styles.rowMeta}>Season {s.season}</span>
                <div className={styles.badges}>
                  {s.classes.map((c) => (
                    <Badge key={c}>{c}</Badge>
                  ))}
                </div>
                <span className={styles.rowMeta}>{s.rounds.length === 1 ? '1 round' : `${s.rounds.length} rounds`}</span>
              </Link>
            ))}
          </div>
        )}
      </section>

      <CreateSeriesDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
