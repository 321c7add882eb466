import type { QueryClient } from '@tanstack/react-query';
import type { Car } from '@pitwall/contracts';

/**
 * The name of a change as the write queue shows it: what changed, then the car, by the name the
 * query cache knows ('Tire pressures — MX-5 #27'), else by its number ('Tire pressures — Car 7').
 */
export function carChangeName(queryClient: QueryClient, carId: number, what: string): string {
  const car = queryClient.getQueryData<Car>(['cars', carId]);
  return `${what} — ${car?.name ?? `Car ${carId}`}`;
}
