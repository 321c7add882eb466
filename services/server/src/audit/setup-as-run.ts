import type { RunSession, SetupSnapshot } from '@pitwall/contracts';
import { NotFoundError } from '@pitwall/domain';
import { parsePosition } from '@pitwall/eventstore';
import type { AppDeps } from '../deps.ts';
import { buildSetupSnapshot } from './setup-snapshot.ts';

/** The setup a session ran with: the race event's setup at its pinned position; null when the car had no setup recorded when it was added. */
export async function findSetupAsRun(deps: Pick<AppDeps, 'store' | 'db'>, session: RunSession): Promise<SetupSnapshot | null> {
  const snapshot = await buildSetupSnapshot(deps.store, deps.db, session.carId, { raceEventId: session.eventId, position: parsePosition(session.setupPosition) });
  return snapshot?.raceEvent ? snapshot : null;
}

/** As findSetupAsRun; throws NotFoundError when the car had no setup recorded when the session was added. */
export async function setupAsRun(deps: Pick<AppDeps, 'store' | 'db'>, session: RunSession): Promise<SetupSnapshot> {
  const snapshot = await findSetupAsRun(deps, session);
  if (!snapshot) throw new NotFoundError('The car had no setup recorded when this session was added');
  return snapshot;
}
