import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewCarBody, type Car } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getCarsQueryOptions } from './get-cars';

/** POST /api/cars: validates with the contract, answers the created car (201). */
export function createCar(body: NewCarBody): Promise<Car> {
  return apiFetch<Car>('/api/cars', { method: 'POST', body: NewCarBody.parse(body) });
}

/** Creates a car and refreshes the car list. */
export function useCreateCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCarsQueryOptions().queryKey }),
  });
}
