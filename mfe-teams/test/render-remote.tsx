import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Team, TeamMember, User } from '@pitwall/contracts';
import { AuthProvider, BrandingProvider, ToastProvider, Toaster, createQueryClient } from '@pitwall/kit';
import App from '../src/app';

/** The signed-in owner (user 1) of team 1. */
export const owner: User = {
  id: 1,
  username: 'dana',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana@apexgarage.example',
  role: 'owner',
  teams: [{ teamId: 1, teamName: 'Apex Garage Racing', role: 'owner', memberColor: '#6b7280', displayName: 'Dana Whitfield' }],
};

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 1,
    name: 'Apex Garage Racing',
    description: 'Club racing, 2026 season',
    ownerId: '1',
    createdAt: '2026-01-15T10:00:00.000Z',
    myRole: 'owner',
    ...overrides,
  };
}

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 10,
    teamId: 1,
    userId: '1',
    username: 'dana',
    role: 'owner',
    memberColor: '#6b7280',
    displayName: 'Dana Whitfield',
    joinedAt: '2026-01-15T10:00:00.000Z',
    isActive: true,
    ...overrides,
  };
}

/** Marco, the demo season's mechanic (user 2). */
export const marco = makeMember({ id: 11, userId: '2', username: 'marco', role: 'mechanic', memberColor: '#ff6600', displayName: 'Marco Rossi', joinedAt: '2026-02-01T09:00:00.000Z' });

/** Renders the remote's App as the shell would: kit providers, a router, one QueryClient. */
export function renderRemote(path: string) {
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="*" element={<App />} />
              </Routes>
            </MemoryRouter>
          </AuthProvider>
          <Toaster />
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}
