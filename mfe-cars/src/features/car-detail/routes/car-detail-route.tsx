import { Suspense, lazy, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, ApiError, Card, CarNotFound, Skeleton, Tabs, errorMessage, getCarQueryOptions, useCarView, useSelectedCar } from '@pitwall/kit';
import { PartsTab } from '../../parts';
import { BasicInformationCard } from '../components/basic-information-card';
import { CarSummary } from '../components/car-summary';
import { GearRatiosCard } from '../components/gear-ratios-card';
import { SuspensionCard } from '../components/suspension-card';
import { TirePressuresCard } from '../components/tire-pressures-card';
import { CornerWeightsCardOnceShown } from '../components/lazy-forms';
import { CardsBelowOnceShown } from '../components/lazy-cards-below';
import { HistoryButton } from '../../car-history';
import styles from '../components/car-detail.module.css';

// The Tires tab loads when first chosen: the car page's first screens are its Car & Setup and Parts tabs.
const TiresTab = lazy(() => import(/* webpackChunkName: 'car-tires-tab' */ '../../tires').then((m) => ({ default: m.TiresTab })));

function LoadingPlaceholder() {
  return (
    <div className={styles.page} role="status" aria-busy="true" aria-label="Loading car">
      <Skeleton height="5.5rem" />
      <Card>
        <Skeleton width="40%" height="1.5rem" />
        <div className={styles.facts}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height="2.5rem" />
          ))}
        </div>
      </Card>
    </div>
  );
}

/**
 * Car Details (/car/:id): the id is parsed as an integer; a missing car or a bad id shows 'Car not
 * found'. The page's data comes in one request, the car's view, which fills the queries its cards
 * read; the car itself is read from its own query (which a save updates) once the view is in.
 */
export function CarDetailRoute() {
  const params = useParams();
  const id = Number.parseInt(params.id ?? '', 10);
  const view = useCarView(id);
  // Once the view has answered, its failed refresh leaves the page as it was (the car's own query says).
  const viewed = view.data !== undefined;
  const carQuery = useQuery({ ...getCarQueryOptions(id), enabled: viewed });
  const car = carQuery.data;
  const error = viewed ? carQuery.error : view.error;
  const { selectCar } = useSelectedCar();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab = asked === 'parts' || asked === 'tires' ? asked : 'setup';

  useEffect(() => {
    if (car) selectCar(car.id);
  }, [car, selectCar]);

  if (Number.isNaN(id)) return <CarNotFound />;
  if (error instanceof ApiError && error.status === 404) return <CarNotFound />;
  if (error) return <Alert title="The car could not be loaded.">{errorMessage(error)}</Alert>;
  if (!car) return <LoadingPlaceholder />;

  return (
    <div className={styles.page}>
      <CarSummary car={car} />
      <Tabs
        label="Car sections"
        value={tab}
        onValueChange={(value) => setSearch(value === 'setup' ? {} : { tab: value }, { replace: true })}
        items={[
          {
            value: 'setup',
            label: 'Car & Setup',
            content: (
              <div className={styles.page}>
                <BasicInformationCard car={car} />
                <GearRatiosCard carId={car.id} />
                <SuspensionCard carId={car.id} />
                <CornerWeightsCardOnceShown carId={car.id} actions={<HistoryButton carId={car.id} section="corner-weights" title="Corner Weights" />} />
                <TirePressuresCard carId={car.id} />
                <CardsBelowOnceShown car={car} />
              </div>
            ),
          },
          { value: 'parts', label: 'Parts', content: <PartsTab car={car} /> },
          {
            value: 'tires',
            label: 'Tires',
            content: (
              <Suspense fallback={<Skeleton height="10rem" />}>
                <TiresTab car={car} />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
