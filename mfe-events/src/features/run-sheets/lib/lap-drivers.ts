import type { LapValue, StintValue, TeamMember } from '@pitwall/contracts';

/** A name's words lower-cased and sorted, so 'Aiko TANAKA', 'TANAKA Aiko' and 'aiko tanaka' compare equal. */
const nameKey = (name: string) => name.toLowerCase().split(/[\s,]+/).filter(Boolean).sort().join(' ');

/** The member a timing export's driver name stands for: display name or username with the same words (case and order ignored); undefined when none. */
function lapDriverMember<M extends Pick<TeamMember, 'displayName' | 'username'>>(driverName: string, members: readonly M[]): M | undefined {
  const key = nameKey(driverName);
  return members.find((m) => [m.displayName, m.username].some((n) => n && nameKey(n) === key));
}

/**
 * The driver of a lap as a timing export named them, matched to the team's members: the member's
 * display name when their display name or username has the same words (case and order ignored,
 * 'TANAKA Aiko' = 'Aiko Tanaka'), else the name as the export wrote it. Null for no name.
 */
export function lapDriverText(driverName: string | null | undefined, members: readonly Pick<TeamMember, 'displayName' | 'username'>[]): string | null {
  if (!driverName) return null;
  return lapDriverMember(driverName, members)?.displayName ?? driverName;
}

/**
 * The stints a timing export's driver names give (laps 1-based): consecutive laps of one member form
 * a stint; a lap naming no member (or no one) stays with the stint before it, and laps before the
 * first named member join that member's first stint. The fuel added is not known (null: fuel per lap
 * as run stays unknown until the crew enters it) nor the stop time (0). [] when no
 * lap names a member of the team.
 */
export function stintsFromLapDrivers(laps: readonly Pick<LapValue, 'driverName'>[], members: readonly Pick<TeamMember, 'id' | 'displayName' | 'username'>[]): StintValue[] {
  const drivers = laps.map((l) => (l.driverName ? lapDriverMember(l.driverName, members)?.id : undefined));
  const stints: StintValue[] = [];
  drivers.forEach((driverMemberId, i) => {
    const current = stints.at(-1);
    if (driverMemberId === undefined || driverMemberId === current?.driverMemberId) {
      if (current) current.toLap = i + 1;
      return;
    }
    stints.push({ driverMemberId, fromLap: current ? i + 1 : 1, toLap: i + 1, fuelAddedLitres: current ? null : 0, pitStopMs: 0, tireSetId: null, notes: null });
  });
  return stints;
}
