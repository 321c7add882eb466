import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Dialog, useBranding } from '@pitwall/kit';
import { CarHeader, CarTopbarSwitcher } from './car-header';
import { NavContent } from './nav-content';
import { PaddockStatus } from '../paddock';

/** Signed-in frame: side navigation (md and up), a top bar with a menu drawer on phones, the car header. */
export function AppLayout() {
  const { branding } = useBranding();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="shell-layout">
      <aside className="shell-sidebar">
        <NavContent />
      </aside>
      <header className="shell-topbar">
        <button
          type="button"
          className="shell-topbar__menu"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true" className="shell-topbar__burger" />
        </button>
        <img src={branding.logoUrl} alt="" className="shell-topbar__logo" />
        <span className="shell-topbar__team">{branding.teamName}</span>
        <CarTopbarSwitcher />
      </header>
      <Dialog open={menuOpen} onOpenChange={setMenuOpen} title="Menu" variant="drawer">
        <NavContent onNavigate={() => setMenuOpen(false)} />
      </Dialog>
      <div className="shell-main">
        <PaddockStatus />
        <CarHeader />
        <main className="shell-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
