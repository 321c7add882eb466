import { Link, useNavigate } from 'react-router-dom';
import type { Car } from '@pitwall/contracts';
import { Badge, buttonClass } from '@pitwall/kit';
import styles from './dashboard.module.css';

/**
 * One car in 'My Cars': click opens /car/{id}; 'Events' and 'Issues' open those tabs. Its name is
 * an h3, an h4 under a team heading (`headingLevel` 4).
 */
export function CarCard({ car, headingLevel = 3 }: { car: Car; headingLevel?: 3 | 4 }) {
  const navigate = useNavigate();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <article className={styles.carCard} onClick={() => navigate(`/car/${car.id}`)}>
      <div className={styles.carStripe} style={{ background: car.color }} aria-hidden="true" />
      <div className={styles.carBody}>
        <div className={styles.carTitleRow}>
          <Heading className={styles.carName}>
            <Link to={`/car/${car.id}`} onClick={(e) => e.stopPropagation()}>
              {car.name}
            </Link>
          </Heading>
          <Badge tone="primary">{car.carClass}</Badge>
        </div>
        <p className={styles.carMeta}>{`${car.makeModel} (${car.year})`}</p>
        <div className={styles.carActions} onClick={(e) => e.stopPropagation()}>
          <Link className={buttonClass('secondary', 'sm')} to={`/car/${car.id}/events`} aria-label={`Events of ${car.name}`}>
            Events
          </Link>
          <Link className={buttonClass('secondary', 'sm')} to={`/car/${car.id}/issues`} aria-label={`Issues of ${car.name}`}>
            Issues
          </Link>
        </div>
      </div>
    </article>
  );
}
