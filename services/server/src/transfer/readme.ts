/**
 * README.txt of a team export: what each file of the zip holds, for a person opening it (the
 * format for programs is in services/server/README.md, "Team export file").
 */
export function exportReadme(teamName: string, now: Date): string {
  return `Pitwall team export: ${teamName}
Exported ${now.toISOString()} (UTC).

This file is the team's complete history. Import it into any Pitwall (Team Settings,
'Import team data', or POST /api/teams/import) to get the team back as a new team: new ids,
every reference kept, authors and times as they were. Members come back as inactive accounts
until the owner reactivates them.

What each file holds:

events.ndjson   Every change ever made to the team, oldest first, one JSON object per line:
                the stream (car-12, raceEvent-3, session-40, part-7, team-2, upload-...),
                its position in that stream, the event type and data, and the metadata:
                who made the change (userId), for which team, and when (at, ISO 8601 UTC).
members.json    The team members' accounts: username, first and last name, e-mail.
                No passwords or password hashes.
images/         The uploaded images and their thumbnails (-thumb.webp), by image key as the
                events' URLs name them (/api/images/<key>).
csv/            The team's data as it stands now, one table per file, for a spreadsheet:
                cars.csv (cars, maintenance dates), race_events.csv, run_sessions.csv
                (sessions with their laps as JSON), issues.csv, parts.csv, suspensions.csv,
                gear_ratios.csv, tire_pressures.csv (setups per race event; an empty event
                is the baseline), team_members.csv, and every other table of the team;
                run_sheet_laps.csv: every session's laps, one row per lap (session, lap,
                time, sectors, driver, kind, stint).
                Times are ISO 8601 UTC, lap and sector times ms, temperatures degrees C.
                A text that would start a spreadsheet formula (=, +, -, @, tab) begins
                with a single quote ('); numbers are written as they are.
manifest.json   The format (pitwall-team-export, version), the counts, and the SHA-256 of
                every file above, so a damaged file is found before anything is imported.
`;
}
