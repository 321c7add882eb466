import type { FastifyRequest } from 'fastify';
import type { Team } from '@pitwall/contracts';
import { NotFoundError } from '@pitwall/domain';
import { findCar, findTeam } from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';
import { userIdOf } from '../identity/auth-plugin.ts';

/**
 * The team `teamId` if the signed-in user is an active member of it. Throws NotFoundError 'Team
 * not found' otherwise: a team the caller is not in is indistinguishable from a missing one.
 */
export async function requireTeam(deps: AppDeps, request: FastifyRequest, teamId: number): Promise<Team> {
  const team = await findTeam(deps.db, userIdOf(request), teamId);
  if (!team) throw new NotFoundError('Team not found');
  return team;
}

/**
 * Throws NotFoundError 'Car not found' unless `carId` is a car of team `teamId` the signed-in user
 * can see; null or undefined (no car named) passes.
 */
export async function requireCarOfTeam(deps: AppDeps, request: FastifyRequest, teamId: number, carId: number | null | undefined): Promise<void> {
  if (carId == null) return;
  const car = await findCar(deps.db, userIdOf(request), carId);
  if (!car || car.teamId !== teamId) throw new NotFoundError('Car not found');
}
