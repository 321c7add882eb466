import { useQuery } from '@tanstack/react-query';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import { getCarsQueryOptions, useSelectedCar } from '@pitwall/kit';

/** Pages that belong to a car: the dashboard (where the selected car is picked) and every /car/… page. */
const CAR_PAGES = ['/', '/car/*'];

/** Whether the per-car header belongs on `pathname` (not on /teams, /settings or the 404 page). */
export function showsCarHeader(pathname: string): boolean {
  return CAR_PAGES.some((pattern) => matchPath(pattern, pathname));
}

/**
 * The per-car header (spec §2 Navigation): selected car name and its four tabs. Shown when a car
 * is selected AND the page is the dashboard or a car page (see README: 'Choices').
 */
export function CarHeader() {
  const { pathname } = useLocation();
  const { selectedCarId } = useSelectedCar();
  const { data: cars } = useQuery(getCarsQueryOptions());
  const car = cars?.find((c) => c.id === selectedCarId);
  if (selectedCarId === null || !car || !showsCarHeader(pathname)) return null;

  const base = `/car/${car.id}`;
  const tabs = [
    { to: base, label: 'Car Details', end: true },
    { to: `${base}/events`, label: 'Events', end: false },
    { to: `${base}/issues`, label: 'Issues & Tools', end: false },
    { to: `${base}/gallery`, label: 'Gallery', end: false },
  ];
  return (
    <div className="shell-car-header">
      <div className="shell-car-header__name">
        <span className="shell-car-header__swatch" style={{ background: car.color }} aria-hidden="true" />
        <span>{car.name}</span>
      </div>
      <nav aria-label="Selected car" className="shell-car-header__tabs">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => (isActive ? 'shell-car-tab shell-car-tab--active' : 'shell-car-tab')}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
