import type { RunSession, TeamMember } from '@pitwall/contracts';
import { lapSheetRows } from '@pitwall/contracts/values';
import { downloadFile, encodeCsv } from '../../setup-audit';

/** The file name of a session's lap sheet: its name in safe characters, e.g. 'FP2 long run' → 'FP2-long-run-laps.csv'. */
const lapSheetFileName = (sessionName: string) => `${sessionName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'session'}-laps.csv`;

/** Offers the session's laps as a CSV download (lapSheetRows; drivers of stints by the members' display names). Browser only. */
export function downloadLapSheet(session: Pick<RunSession, 'name' | 'laps' | 'stints'>, members: readonly Pick<TeamMember, 'id' | 'displayName' | 'username'>[]): void {
  const [header = [], ...rows] = lapSheetRows(session.laps, session.stints, (id) => {
    const member = members.find((m) => m.id === id);
    return member ? (member.displayName ?? member.username) : null;
  });
  downloadFile(lapSheetFileName(session.name), encodeCsv(header, rows), 'text/csv;charset=utf-8');
}
