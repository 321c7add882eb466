import { useState } from 'react';
import { Alert, Button, Skeleton, errorMessage, useAuth } from '@pitwall/kit';
import { useCars } from '../api/get-cars';
import { AddCarDialog } from '../components/add-car-dialog';
import { CarCard } from '../components/car-card';
import { WelcomePanel } from '../components/welcome-panel';
import styles from '../components/dashboard.module.css';

/** Dashboard (/): 'My Cars' grid, add-car tile and dialog, empty state, welcome panel. */
export function DashboardRoute() {
  const { user } = useAuth();
  const { data: cars, isPending, error } = useCars();
  const [adding, setAdding] = useState(false);
  const severalTeams = (user?.teams.length ?? 0) > 1;

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h1 className={styles.title}>Dashboard</h1>
          <p className={styles.subtitle}>Your cars at a glance.</p>
        </div>
        <Button onClick={() => setAdding(true)}>Add New Car</Button>
      </header>

      <section aria-labelledby="my-cars-title">
        <h2 id="my-cars-title" className={styles.sectionTitle}>
          My Cars
        </h2>
        {isPending ? (
          <div className={styles.grid}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="9rem" />
            ))}
          </div>
        ) : error ? (
          <Alert title="Cars could not be loaded.">{errorMessage(error)}</Alert>
        ) : cars.length === 0 ? (
          <div className={styles.empty}>
            <h3>No Cars Added Yet</h3>
            <p>Add your first car to start recording its setup, events and issues.</p>
            <Button onClick={() => setAdding(true)}>Add Your First Car</Button>
          </div>
        ) : (
          <div className={styles.grid}>
            {cars.map((car) => (
              <CarCard key={car.id} car={car} showTeam={severalTeams} />
            ))}
            <button type="button" className={styles.addTile} onClick={() => setAdding(true)}>
              <span aria-hidden="true" className={styles.addTilePlus}>
                +
              </span>
              Add another car
            </button>
          </div>
        )}
      </section>

      <WelcomePanel />
      <AddCarDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
