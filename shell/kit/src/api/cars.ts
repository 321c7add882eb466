import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewCarBody, UpdateCarBody, Car } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { awaitWhenOnline, refreshAfterSave } from './use-invalidating-mutation';
import { invalidateChange, invalidationsOf, keysOf } from './change-invalidations';
import { useOpenedVersion } from './use-opened-version';
import { carChangeName } from './change-names';
import type { ChangeDescription } from '../offline/write-queue';
import { carKey, carsKey } from './query-keys';

/**
 * Cars. Keys start with the resource (`['cars']`, `['cars', id]`), so invalidating `['cars']`
 * refreshes a car and the list, and everything of a car sits under `['cars', id, …]`.
 */

/** GET /api/cars: every car of the user's teams (each carries `teamName`). Key ['cars']. */
export function getCarsQueryOptions() {
  return queryOptions({
    queryKey: carsKey,
    queryFn: ({ signal }) => apiFetch<Car[]>('/api/cars', { signal }),
  });
}

/** The cars of every team of the signed-in user. */
export function useCars() {
  return useQuery(getCarsQueryOptions());
}

/** GET /api/cars/{id}: one car; a missing car rejects with ApiError status 404. Key ['cars', id]. */
export function getCarQueryOptions(id: number) {
  return queryOptions({
    queryKey: carKey(id),
    queryFn: ({ signal }) => apiFetch<Car>(`/api/cars/${id}`, { signal }),
  });
}

/** One car; disabled when `id` is not a whole number (the route then shows 'Car not found'). */
export function useCar(id: number) {
  return useQuery({ ...getCarQueryOptions(id), enabled: Number.isInteger(id) });
}

/** POST /api/cars: validates with the contract, answers the created car (201). */
export async function createCar(body: NewCarBody): Promise<Car> {
  return apiFetch<Car>('/api/cars', { method: 'POST', body: (await requestSchemas()).NewCarBody.parse(body) });
}

/** Creates a car and refreshes what the change table names for a new car (the car list among them). */
export function useCreateCar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCar, onSuccess: (car) => awaitWhenOnline(invalidateChange(queryClient, 'CarCreated', { teamId: car.teamId, carId: car.id })) });
}

/** PUT /api/cars/{id} with the whole car: basic edits, the tuning link, maintenance dates; `change`: its name and base (see apiFetch). */
export async function updateCar(car: UpdateCarBody & { id: number }, change?: ChangeDescription<Car>): Promise<Car> {
  return apiFetch<Car>(`/api/cars/${car.id}`, { method: 'PUT', body: (await requestSchemas()).UpdateCarBody.parse(car), change });
}

/**
 * Updates car `carId` (based on the car as it was when the calling form mounted), then puts the
 * answer in that car's cache entry (not fetched again) and refreshes the car list and the basic and
 * maintenance histories.
 */
export function useUpdateCar(carId: number) {
  const queryClient = useQueryClient();
  const opened = useOpenedVersion(`/api/cars/${carId}`);
  return useMutation({
    mutationFn: (car: UpdateCarBody) =>
      updateCar({ ...car, id: carId }, { name: carChangeName(queryClient, carId, 'Car record'), invalidates: keysOf(invalidationsOf('CarDetailsUpdated', { teamId: null, carId })), base: opened.base() }),
    // The answer is the car as stored; one PUT carries basic data, the tuning link and maintenance dates: the car record's entry refreshes the list and both histories.
    onSuccess: (car) => refreshAfterSave(queryClient, invalidationsOf('CarDetailsUpdated', { teamId: car.teamId, carId: car.id }), { queryKey: getCarQueryOptions(car.id).queryKey, update: () => car }),
  });
}
