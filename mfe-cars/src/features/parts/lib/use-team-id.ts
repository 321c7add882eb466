import { useSearchParams } from 'react-router-dom';
import { useAuth } from '@pitwall/kit';

/** The team whose parts a page shows: `?team=` when it is one of the user's teams, else the user's first team (undefined signed out). */
export function useTeamId(): number | undefined {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const asked = Number(params.get('team'));
  return user?.teams.find((t) => t.teamId === asked)?.teamId ?? user?.teams[0]?.teamId;
}

/**
 * A moment typed in a date-time field (local time, to the minute) as ISO. Blank, or the current
 * minute (the field's default), is this very instant: a change made now is not dated up to a minute
 * earlier, before the part was added or its sessions ran.
 */
export function isoOfLocal(value: string): string {
  const typed = new Date(value);
  return (value && Math.abs(Date.now() - typed.getTime()) >= 60_000 ? typed : new Date()).toISOString();
}

/** Now as a date-time field's value (local time, to the minute). */
export function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
