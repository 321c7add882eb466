import { NavLink, useNavigate } from 'react-router-dom';
import { Button, racingName, useAuth, useBranding } from '@pitwall/kit';

const LINKS = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/teams', label: 'Teams', end: false },
  { to: '/parts', label: 'Parts', end: false },
  { to: '/tires', label: 'Tires', end: false },
  { to: '/series', label: 'Series', end: false },
  { to: '/settings', label: 'Settings', end: false },
] as const;

/** The main navigation: brand, the links (Dashboard, Teams and Settings of the product, the team's parts store, its tires and Series), 'Team Manager' label and Sign Out. */
export function NavContent({ onNavigate }: { onNavigate?: () => void }) {
  const { branding } = useBranding();
  const { logout } = useAuth();
  const navigate = useNavigate();

  return (
    <div className="shell-nav">
      <div className="shell-nav__brand">
        <img src={branding.logoUrl} alt={`${branding.teamName} logo`} className="shell-nav__logo" />
        <div className="shell-nav__brand-text">
          <p className="shell-nav__team">{branding.teamName}</p>
          <p className="shell-nav__subtitle">{branding.teamSubtitle}</p>
        </div>
      </div>
      <nav aria-label="Main" className="shell-nav__links">
        {LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={({ isActive }) => (isActive ? 'shell-nav__link shell-nav__link--active' : 'shell-nav__link')}
            onClick={onNavigate}
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className="shell-nav__footer">
        <p className="shell-nav__role">Team Manager</p>
        <p className="shell-nav__racing">{racingName(branding.teamName)}</p>
        <Button
          variant="ghost"
          className="shell-nav__signout"
          onClick={() => {
            onNavigate?.();
            navigate('/');
            void logout();
          }}
        >
          Sign Out
        </Button>
      </div>
    </div>
  );
}
