import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import { getCarQueryOptions, getCarsQueryOptions } from '@pitwall/kit';
import type { Car } from '@pitwall/contracts';

/**
 * The car a path belongs to: the id of /car/{id}/… (null on every other page: the Dashboard,
 * /teams, /settings, the 404 page).
 */
function carIdOfPath(pathname: string): number | null {
  const match = matchPath('/car/:carId/*', pathname);
  const id = Number(match?.params.carId);
  return match && Number.isInteger(id) ? id : null;
}

/**
 * The car of the current /car/… page when the user has it ('Car not found' has none): as the page's
 * view put it in the car's own entry (the car page and a race event's screens), else from the car
 * list the selected car reads (SelectedCarProvider). It asks for neither, so the header is no
 * request of a screen's first load.
 */
function useRouteCar(): Car | undefined {
  const { pathname } = useLocation();
  const carId = carIdOfPath(pathname);
  const { data: cars } = useQuery({ ...getCarsQueryOptions(), enabled: false });
  const { data: car } = useQuery({ ...getCarQueryOptions(carId ?? 0), enabled: false });
  return carId === null ? undefined : (car ?? cars?.find((c) => c.id === carId));
}

/** The four pages of a car (docs/product.md, 'Navigation'). */
function carTabs(car: Car) {
  const base = `/car/${car.id}`;
  return [
    { to: base, label: 'Car Details', end: true },
    { to: `${base}/events`, label: 'Events', end: false },
    { to: `${base}/issues`, label: 'Issues & Tools', end: false },
    { to: `${base}/gallery`, label: 'Gallery', end: false },
  ];
}

/** The car's name with its colour swatch. */
function CarName({ car, className }: { car: Car; className: string }) {
  return (
    <div className={className}>
      <span className="shell-car-header__swatch" style={{ background: car.color }} aria-hidden="true" />
      <span>{car.name}</span>
    </div>
  );
}

/**
 * The per-car header (docs/product.md, 'Navigation'): the car's name and its four tabs, ONLY on that car's
 * pages (/car/{id}/…) and only when the car exists. From 768 px a bar of its own below which the
 * page scrolls; on phones see CarTopbarSwitcher.
 */
export function CarHeader() {
  const car = useRouteCar();
  if (!car) return null;
  return (
    <div className="shell-car-header">
      <CarName car={car} className="shell-car-header__name" />
      <nav aria-label="Selected car" className="shell-car-header__tabs">
        {carTabs(car).map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => (isActive ? 'shell-car-tab shell-car-tab--active' : 'shell-car-tab')}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/**
 * The per-car header on phones, inside the top bar (one line, so top bar + car header stay 59 px):
 * the car's name and a menu button naming the current page ('Events', accessible name 'Events:
 * pages of {car}') that opens the four tabs as a list. Closes when a page is chosen, on Escape and
 * on a second tap.
 */
export function CarTopbarSwitcher() {
  const car = useRouteCar();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  useEffect(() => setOpen(false), [pathname]);
  if (!car) return null;
  const tabs = carTabs(car);
  const current = [...tabs].reverse().find((tab) => (tab.end ? pathname === tab.to : pathname.startsWith(tab.to))) ?? tabs[0]!;
  return (
    <div className="shell-topbar__car" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <CarName car={car} className="shell-topbar__car-name" />
      <div className="shell-topbar__car-pages">
        <button type="button" className="shell-topbar__car-button" aria-expanded={open} aria-controls={menuId} aria-label={`${current.label}: pages of ${car.name}`} onClick={() => setOpen(!open)}>
          {current.label}
        </button>
        {open && (
          <nav id={menuId} aria-label="Selected car pages" className="shell-topbar__car-menu">
            {tabs.map((tab) => (
              <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => (isActive ? 'shell-car-tab shell-car-tab--active' : 'shell-car-tab')}>
                {tab.label}
              </NavLink>
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}
