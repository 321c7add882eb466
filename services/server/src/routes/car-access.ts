import type { FastifyRequest } from 'fastify';
import type { Car } from '@pitwall/contracts';
import { carDecider, carStream, NotFoundError, type CarCommand } from '@pitwall/domain';
import { findCar } from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';
import { userIdOf } from '../identity/auth-plugin.ts';

/**
 * The car `carId` if it belongs to a team where the signed-in user is an active member.
 * Throws NotFoundError 'Car not found' otherwise: another team's car is indistinguishable from a
 * missing one.
 */
export async function requireCar(deps: AppDeps, request: FastifyRequest, carId: number): Promise<Car> {
  const car = await findCar(deps.db, userIdOf(request), carId);
  if (!car) throw new NotFoundError('Car not found');
  return car;
}

/**
 * Runs a car command for the signed-in user after the tenancy check, and waits until the read
 * models show its events. Domain errors propagate (nothing appended).
 */
export async function runCarCommand(deps: AppDeps, request: FastifyRequest, carId: number, command: CarCommand): Promise<void> {
  const car = await requireCar(deps, request, carId);
  const { position } = await deps.commands.handle(carDecider, carStream(carId), command, {
    userId: userIdOf(request),
    teamId: car.teamId,
    correlationId: request.id,
    now: new Date(),
  });
  await deps.commands.visible(position);
}
