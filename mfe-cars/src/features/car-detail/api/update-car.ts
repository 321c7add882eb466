import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateCarBody, type Car } from '@pitwall/contracts';
import { apiFetch, getCarsQueryOptions } from '@pitwall/kit';
import { getCarHistoryQueryOptions } from '../../car-history';
import { getCarQueryOptions } from './get-car';

/** PUT /api/cars/{id} with the whole car (spec §7): basic edits, the tuning link, maintenance dates. */
export function updateCar(car: UpdateCarBody & { id: number }): Promise<Car> {
  return apiFetch<Car>(`/api/cars/${car.id}`, { method: 'PUT', body: UpdateCarBody.parse(car) });
}

/** Updates a car, then refreshes that car, the car list and the basic and maintenance histories. */
export function useUpdateCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCar,
    onSuccess: async (car) => {
      queryClient.setQueryData(getCarQueryOptions(car.id).queryKey, car);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCarQueryOptions(car.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarsQueryOptions().queryKey, exact: true }),
        // One PUT carries basic data, the tuning link and maintenance dates: both histories may have grown.
        queryClient.invalidateQueries({ queryKey: getCarHistoryQueryOptions(car.id, 'basic').queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarHistoryQueryOptions(car.id, 'maintenance').queryKey }),
      ]);
    },
  });
}
