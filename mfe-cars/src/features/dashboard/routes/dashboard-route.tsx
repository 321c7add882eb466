import { Suspense, lazy, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, SelectField, Skeleton, errorMessage, useAuth, useCars } from '@pitwall/kit';
import type { Car, UserTeam } from '@pitwall/contracts';
import { CarCard } from '../components/car-card';
import { WelcomePanel } from '../components/welcome-panel';
import { PartsDueCard } from '../../parts';
import { ALL_TEAMS, groupCarsByTeam } from '../lib/group-cars-by-team';
import styles from '../components/dashboard.module.css';

// The form (react-hook-form, zod, the kit's Dialog) is fetched when someone adds a car, not with the car list.
const AddCarDialog = lazy(() => import('../components/add-car-dialog').then((m) => ({ default: m.AddCarDialog })));

/** The 'Add another car' tile at the end of the grid. */
function AddCarTile({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={styles.addTile} onClick={onClick}>
      <span aria-hidden="true" className={styles.addTilePlus}>
        +
      </span>
      Add another car
    </button>
  );
}

/**
 * 'My Cars' of a user of several teams: a 'Team' filter ('All teams' + each team, kept in `?team=`)
 * and one section per team headed by its name; the add tile ends the last section.
 */
function CarsByTeam({ cars, teams, onAdd }: { cars: Car[]; teams: UserTeam[]; onAdd: () => void }) {
  const [params, setParams] = useSearchParams();
  const filter = params.get('team') ?? ALL_TEAMS;
  const groups = groupCarsByTeam(cars, teams, filter);
  const options = [{ value: ALL_TEAMS, label: 'All teams' }, ...teams.map((t) => ({ value: String(t.teamId), label: t.teamName }))];
  return (
    <>
      <div className={styles.teamFilter}>
        <SelectField
          label="Team"
          value={groups.length === 1 && filter !== ALL_TEAMS ? filter : ALL_TEAMS}
          options={options}
          onChange={(e) => setParams((p) => (e.target.value === ALL_TEAMS ? (p.delete('team'), p) : (p.set('team', e.target.value), p)), { replace: true })}
        />
      </div>
      {groups.map((group, i) => (
        <section key={group.teamId} className={styles.teamGroup} aria-labelledby={`team-${group.teamId}-title`}>
          <h3 id={`team-${group.teamId}-title`} className={styles.teamTitle}>
            {group.teamName}
          </h3>
          {group.cars.length === 0 && <p className={styles.subtitle}>No cars in this team yet.</p>}
          <div className={styles.grid}>
            {group.cars.map((car) => (
              <CarCard key={car.id} car={car} headingLevel={4} />
            ))}
            {i === groups.length - 1 && <AddCarTile onClick={onAdd} />}
          </div>
        </section>
      ))}
    </>
  );
}

/**
 * Dashboard (/): 'My Cars' grid, add-car tile and dialog, empty state, welcome panel. A user of
 * several teams sees the cars grouped by team with a team filter (CarsByTeam).
 */
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
        ) : severalTeams && user ? (
          <CarsByTeam cars={cars} teams={user.teams} onAdd={() => setAdding(true)} />
        ) : (
          <div className={styles.grid}>
            {cars.map((car) => (
              <CarCard key={car.id} car={car} />
            ))}
            <AddCarTile onClick={() => setAdding(true)} />
          </div>
        )}
      </section>

      {user?.teams.map((t) => <PartsDueCard key={t.teamId} teamId={t.teamId} />)}
      <WelcomePanel />
      {adding && (
        <Suspense fallback={null}>
          <AddCarDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </div>
  );
}
