/**
 * `npm run pitwall -- <command>`: the operator's commands for moving an instance's data.
 *
 * - `migrate --from <source> --to <target>`: every stream copied in order with its metadata, the
 *   images, a verification table (events and digest per stream on both sides), then the target's
 *   read models rebuilt. Each side is an embedded data dir, a PostgreSQL URL or an
 *   EventStoreDB/KurrentDB URL (transfer/endpoints.ts). Resumable: after an interruption, run the
 *   same command again. Exit code 1 when a stream differs.
 */
import { DataDirInUseError } from '@pitwall/eventstore';
import { openEndpoint, type Endpoint } from '../transfer/endpoints.ts';
import { copyIsComplete } from '../transfer/migrate.ts';
import { migrateInstance } from '../transfer/migrate-instance.ts';

const USAGE = 'use: migrate --from <data dir|postgres://…|esdb://…> --to <data dir|postgres://…|esdb://…>';

/** The value after `--name` in `args`; throws naming the option when it is missing. */
function option(args: readonly string[], name: string): string {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? args[i + 1] : undefined;
  if (!value || value.startsWith('--')) throw new Error(`--${name} is missing: ${USAGE}`);
  return value;
}

async function main(args: readonly string[]): Promise<number> {
  const [command] = args;
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
