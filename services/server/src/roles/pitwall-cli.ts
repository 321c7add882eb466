/**
 * `npm run pitwall -- <command>`: the operator's commands for moving an instance's data.
 *
 * - `migrate --from <source> --to <target>`: every stream copied in order with its metadata, the
 *   images, a verification table (events and digest per stream on both sides), then the target's
 *   read models rebuilt. Each side is an embedded data dir, a PostgreSQL URL or an
 *   EventStoreDB/KurrentDB URL (transfer/endpoints.ts). Resumable: after an interruption, run the
 *   same command again. Exit code 1 when a stream differs.
 * - `backup <file>`: a consistent backup of the embedded instance in DATA_DIR while it runs (the
 *   server makes it through its control socket); of a stopped one by opening the dir.
 * - `restore <file>`: the backup into DATA_DIR, which must be empty.
 * - `check-backup <file>`: checks a backup (checksum, snapshot opened in memory, events counted).
 */
import { DataDirInUseError } from '@pitwall/eventstore';
import { checkBackup, restoreBackup } from '../backup/backup.ts';
import { writeBackupFile } from '../backup/backup-client.ts';
import { DEFAULT_DATA_DIR } from '../embedded-database.ts';
import { openEndpoint, type Endpoint } from '../transfer/endpoints.ts';
import { copyIsComplete } from '../transfer/migrate.ts';
import { migrateInstance } from '../transfer/migrate-instance.ts';

const USAGE = 'use: migrate --from <data dir|postgres://…|esdb://…> --to <data dir|postgres://…|esdb://…>, backup <file>, restore <file> or check-backup <file>';
const dataDir = process.env.DATA_DIR ?? DEFAULT_DATA_DIR;

/** The value after `--name` in `args`; throws naming the option when it is missing. */
function option(args: readonly string[], name: string): string {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? args[i + 1] : undefined;
  if (!value || value.startsWith('--')) throw new Error(`--${name} is missing: ${USAGE}`);
  return value;
}

async function main(args: readonly string[]): Promise<number> {
  const [command, file] = args;
  if (command === 'backup' || command === 'restore' || command === 'check-backup') {
    if (!file) throw new Error(`${command} needs a file: ${USAGE}`);
    if (command === 'backup') {
      const { fromServer } = await writeBackupFile(dataDir, file);
      const { manifest, images } = await checkBackup(file);
      console.log(`backup of ${dataDir}${fromServer ? ' (running server)' : ''} written to ${file}: ${manifest.events} events, ${images} images, checked`);
    }
    else if (command === 'restore') {
      const manifest = await restoreBackup(file, dataDir);
      console.log(`restored ${file} (made ${manifest.createdAt}, ${manifest.events} events) into ${dataDir}: start the server on it`);
    } else {
      const { manifest, events, images } = await checkBackup(file);
      console.log(`${file}: a Pitwall backup made ${manifest.createdAt}, ${events} events, ${images} images, checksum and events as recorded`);
    }
    return 0;
  }
  if (command !== 'migrate') throw new Error(`unknown command '${command ?? ''}': ${USAGE}`);
  const opened: Endpoint[] = [];
  try {
    const from = await openEndpoint(option(args, 'from'), process.env);
    opened.push(from);
    const to = await openEndpoint(option(args, 'to'), process.env);
    opened.push(to);
    const result = await migrateInstance(from, to, { out: (line) => console.log(line) });
    return result.checks && copyIsComplete(result.checks) ? 0 : 1;
  } finally {
    for (const endpoint of opened.reverse()) await endpoint.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // The embedded data dir open in a running server, a wrong option, a store that cannot be reached: one line.
  console.error(error instanceof DataDirInUseError ? error.message : (error as Error).message);
  process.exitCode = 1;
}
