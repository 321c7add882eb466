import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { getCarsQueryOptions, useSelectedCar } from '@pitwall/kit';

/** The per-car header (spec §2 Navigation): selected car name and its four tabs; hidden with no car. */
export function CarHeader() {
  const { selectedCarId } = useSelectedCar();
  const { data: cars } = useQuery(getCarsQueryOptions());
  const car = cars?.find((c) => c.id === selectedCarId);
  if (selectedCarId === null || !car) return null;

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
