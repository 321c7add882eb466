import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Car, User } from '@pitwall/contracts';
import {
  AuthProvider,
  BrandingProvider,
  SelectedCarProvider,
  ToastProvider,
  Toaster,
  createQueryClient,
} from '@pitwall/kit';
import App from '../src/app';

export const user: User = {
  id: 1,
  username: 'owner',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'owner@example.com',
  role: 'owner',
  teams: [{ teamId: 1, teamName: 'Apex Racing', role: 'owner', memberColor: '#0066cc', displayName: 'Olivia' }],
};

export function makeCar(overrides: Partial<Car> = {}): Car {
  return {
    id: 7,
    teamId: 1,
    teamName: 'Apex Racing',
    name: 'Red Devil',
    makeModel: 'Porsche 911 GT3 R',
    year: 2023,
    engine: '4.2L flat-six',
    transmission: null,
    weight: '',
    power: null,
    color: '#cc0000',
    carClass: 'GT3',
    tuningFileUrl: null,
    lastEngineBuild: null,
    lastTransmissionBuild: null,
    lastEngineOilChange: null,
    lastTransmissionOilChange: null,
    lastDifferentialOilChange: null,
    lastClutchChange: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders the remote's App as the shell would: kit providers, a router, one QueryClient. */
export function renderRemote(path: string, extra?: ReactNode) {
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>
            <SelectedCarProvider>
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path="*" element={<App />} />
                </Routes>
                {extra}
              </MemoryRouter>
            </SelectedCarProvider>
          </AuthProvider>
          <Toaster />
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}
