import type { Car } from '@pitwall/contracts';
import { Badge } from '@pitwall/kit';
import styles from './car-detail.module.css';

/** The summary block at the top of Car Details: colour, name, class, make & model, year, team. */
export function CarSummary({ car }: { car: Car }) {
  return (
    <section className={styles.summary} style={{ borderTopColor: car.color }} aria-labelledby="car-summary-name">
      <span className={styles.swatch} style={{ background: car.color }} aria-hidden="true" />
      <div className={styles.summaryText}>
        <div className={styles.summaryTitleRow}>
          <h1 id="car-summary-name" className={styles.summaryName}>
            {car.name}
          </h1>
          <Badge tone="primary">{car.carClass}</Badge>
        </div>
        <p className={styles.summaryMeta}>{`${car.makeModel} · ${car.year} · ${car.teamName}`}</p>
      </div>
    </section>
  );
}
