import type { LapValue, StintValue, TeamMember } from '@pitwall/contracts';

/** A name's words lower-cased, without accents and sorted, so 'René RAST', 'RAST Rene' and 'rené rast' compare equal. */
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** The member a timing export's driver name stands for: display name or username with the same words (case and order ignored); undefined when none. */
function lapDriverMember<M extends Pick<TeamMember, 'displayName' | 'username'>>(driverName: string, members: readonly M[]): M | undefined {
  const key = nameKey(driverName);
  return members.find((m) => [m.displayName, m.username].some((n) => n && nameKey(n) === key));
}

/**
 * The driver of a lap as a timing export named them, matched to the team's members: the member's
 * display name when their display name or username has the same words (case, accents and order ignored,
 * 'TANAKA Aiko' = 'Aiko Tanaka'), else the name as the export wrote it. Null for no name.
 */
export function lapDriverText(driverName: string | null | undefined, members: readonly Pick<TeamMember, 'displayName' | 'username'>[]): string | null {
  if (!driverName) return null;
  return lapDriverMember(driverName, members)?.displayName ?? driverName;
}

/**
 * The stints a timing export gives (laps 1-based): a stint is a spell of one member at the wheel
 * between stops. A lap whose driver is another member, or an out lap after a stop (`pitStopMs`,
 * the pit time the sheet gives, e.g. Al Kamel's PIT_TIME), begins a new stint, whose stop time is
 * that lap's pit time (0 when the sheet gives none). A lap naming no member (or no one) stays with
 * the stint before it, and laps before the first named member join that member's first stint. The
 * fuel added is not known (null: fuel per lap as run stays unknown until the crew enters it; 0 for
 * the start). [] when no lap names a member of the team.
 */
export function stintsFromLaps(laps: readonly (Pick<LapValue, 'driverName'> & { pitStopMs?: number })[], members: readonly Pick<TeamMember, 'id' | 'displayName' | 'username'>[]): StintValue[] {
  const stints: StintValue[] = [];
  laps.forEach((lap, i) => {
    const driverMemberId = lap.driverName ? lapDriverMember(lap.driverName, members)?.id : undefined;
    const current = stints.at(-1);
    const afterStop = current !== undefined && lap.pitStopMs !== undefined;
    if (driverMemberId === undefined || (driverMemberId === current?.driverMemberId && !afterStop)) {
      if (current) current.toLap = i + 1;
      return;
    }
    stints.push({ driverMemberId, fromLap: current ? i + 1 : 1, toLap: i + 1, fuelAddedLitres: current ? null : 0, pitStopMs: current ? (lap.pitStopMs ?? 0) : 0, tireSetId: null, notes: null });
  });
  return stints;
}

/** The driver names of a timing export that match no team member (as the export writes them, each once, in order of appearance). */
export function driversWithoutMember(laps: readonly Pick<LapValue, 'driverName'>[], members: readonly Pick<TeamMember, 'displayName' | 'username'>[]): string[] {
  const names = new Set(laps.flatMap((l) => (l.driverName ? [l.driverName] : [])));
  return [...names].filter((name) => lapDriverMember(name, members) === undefined);
}
