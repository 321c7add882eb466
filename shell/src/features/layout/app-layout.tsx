import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { Dialog, useBranding, useLiveUpdates } from '@pitwall/kit';
import { CarHeader, CarTopbarSwitcher } from './car-header';
import { NavContent } from './nav-content';
import { PaddockStatus } from '../paddock';
import { LiveIndicator } from './live-indicator';
import { afterFirstScreen } from '../../remotes/after-first-screen';

/**
 * Signed-in frame: side navigation (md and up), a top bar with a menu drawer on phones, the car
 * header. It keeps the live connection open from the first screen on (teammates' changes refresh
 * what is shown; not one of the first screen's requests) and shows its state: in the top bar on phones, at the top of the content from 768 px (no top bar there).
 */
export function AppLayout() {
  const { branding } = useBranding();
  const queryClient = useQueryClient();
  useLiveUpdates(true, useCallback((task: () => void) => afterFirstScreen(queryClient, task), [queryClient]));
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
        <LiveIndicator />
      </header>
      <Dialog open={menuOpen} onOpenChange={setMenuOpen} title="Menu" variant="drawer">
        <NavContent onNavigate={() => setMenuOpen(false)} />
      </Dialog>
      <div className="shell-main">
        <div className="shell-live-bar">
          <LiveIndicator />
        </div>
        <PaddockStatus />
        <CarHeader />
        <main className="shell-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
