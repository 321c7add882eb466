import type { FastifyRequest } from 'fastify';
import type { Car, RaceEvent, Role } from '@pitwall/contracts';
import { carDecider, carStream, ForbiddenError, NotFoundError, type CarCommand, type CarEvent, type Decider } from '@pitwall/domain';
import { findCar, findRaceEvent, listUserTeams } from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';
import { userIdOf } from '../identity/auth-plugin.ts';
import { commandContext } from '../command/request-context.ts';

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
 * Runs a command on any aggregate of car `car` for the signed-in user (the car's tenancy already
 * checked), and waits until the read models show its events. Domain errors propagate and
 * nothing is appended. Answers the events appended (none when the command changed nothing).
 */
export async function runCommandForCar<C, E extends { type: string; data: unknown }, S>(
  deps: AppDeps,
  request: FastifyRequest,
  car: Car,
  decider: Decider<C, E, S>,
  streamName: string,
  command: C,
): Promise<E[]> {
  const { events, position } = await deps.commands.handle(decider, streamName, command, commandContext(request, car.teamId));
  await deps.commands.visible(position);
  return events;
}

/**
 * Runs a car command after the tenancy check (see runCommandForCar) and answers its events. `car` is the car's id, or the
 * car a caller has already found with requireCar in this request (the check is then not read again).
 */
export async function runCarCommand(deps: AppDeps, request: FastifyRequest, car: number | Car, command: CarCommand): Promise<CarEvent[]> {
  const checked = typeof car === 'number' ? await requireCar(deps, request, car) : car;
  return runCommandForCar(deps, request, checked, carDecider, carStream(checked.id), command);
}

/**
 * Throws ForbiddenError "Only … can {action}" unless the signed-in user's role in `car`'s team is
 * one of `roles` (the car's tenancy already checked).
 */
export async function requireRoleForCar(deps: AppDeps, request: FastifyRequest, car: Car, roles: readonly Role[], action: string): Promise<void> {
  const team = (await listUserTeams(deps.db, userIdOf(request))).find((t) => t.teamId === car.teamId);
  if (!team || !roles.includes(team.role)) throw new ForbiddenError(`Only the team owner, an admin or a race engineer can ${action}`);
}

/** Throws NotFoundError 'Race event not found' unless `raceEventId` is a race event of car `carId`. */
export async function requireRaceEventOfCar(deps: AppDeps, carId: number, raceEventId: number): Promise<RaceEvent> {
  const raceEvent = await findRaceEvent(deps.db, carId, raceEventId);
  if (!raceEvent) throw new NotFoundError('Race event not found');
  return raceEvent;
}
