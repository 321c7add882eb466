import type { Car, CornerWeights, Geometry, Suspension } from '@pitwall/contracts';
import { setupGeometry } from '@pitwall/contracts/values';
import { useCar, useCornerWeights, useSuspension } from '@pitwall/kit';
import { formatNumber } from './format';
import styles from './scales.module.css';

/** The figures of a geometry that exist, as labelled lines: 'Rake' → '20 mm', 'Front wheel rate' → '28.1 N/mm'. */
export function geometryLines(g: Geometry): [string, string][] {
  const lines: [string, string | null][] = [
    ['Rake', g.rakeMm === null ? null : `${formatNumber(g.rakeMm, 1).replace(/\.0$/, '')} mm`],
    ['Rake angle', g.rakeDeg === null ? null : `${formatNumber(g.rakeDeg, 3)}°`],
    ['Front wheel rate', g.wheelRate.front && `${formatNumber(g.wheelRate.front.value, 1)} ${g.wheelRate.front.unit}`],
    ['Rear wheel rate', g.wheelRate.rear && `${formatNumber(g.wheelRate.rear.value, 1)} ${g.wheelRate.rear.unit}`],
    ['Front ride frequency', g.rideFrequencyHz.front === null ? null : `${formatNumber(g.rideFrequencyHz.front, 2)} Hz`],
    ['Rear ride frequency', g.rideFrequencyHz.rear === null ? null : `${formatNumber(g.rideFrequencyHz.rear, 2)} Hz`],
  ];
  return lines.filter((l): l is [string, string] => l[1] !== null);
}

/** The geometry of a suspension, its scales and the car, as the API computes it for the whole setup. */
function geometryOf(suspension: Suspension | null | undefined, weights: CornerWeights | undefined, car: Car | undefined): Geometry {
  return setupGeometry(suspension ?? null, weights ?? null, {
    wheelbaseMm: car?.wheelbaseMm ?? null,
    motionRatio: car?.motionRatio ?? { front: null, rear: null },
    unsprungKg: car?.unsprungKg ?? { fl: null, fr: null, rl: null, rr: null },
  });
}

/**
 * 'Geometry' under a suspension: rake (rear − front ride height) and its angle over the wheelbase,
 * per axle the wheel rate (spring rate × motion ratio²) and ride frequency, each only where its
 * inputs exist and the suspension's text reads as a number with its unit ('85mm', '180 N/mm');
 * nothing at all when no figure can be given (never a guess).
 */
export function GeometryFigures({ carId, raceEventId }: { carId: number; raceEventId?: number | undefined }) {
  const car = useCar(carId);
  const suspension = useSuspension(carId, raceEventId);
  const weights = useCornerWeights(carId, raceEventId);
  const lines = geometryLines(geometryOf(suspension.data, weights.data, car.data));
  if (lines.length === 0) return null;
  return (
    <section className={styles.geometry} aria-label="Geometry">
      <h3>Geometry</h3>
      <dl className={`${styles.figures} ${styles.flush}`}>
        {lines.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
