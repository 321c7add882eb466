import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiUnreachableError } from './api-client.ts';
import { formatReport, ImportAbortedError, importSeason } from './import-season.ts';
import { loadSeasonFile, SeasonFileError } from './season-file.ts';

/**
 * `npm run seed -- <season.json> [--url http://localhost:3000]`: imports a season file into a
 * running Pitwall through its public API and prints what was imported and what was not.
 * Exit codes: 0 done (parts the server cannot take yet are listed), 1 aborted, 2 bad arguments or file.
 */

const USAGE = 'Usage: npm run seed -- <season.json> [--url http://localhost:3000]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; resolve the file from where the user typed the command.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const baseUrl = values.url ?? 'http://localhost:3000';

  try {
    const season = await loadSeasonFile(file);
    console.log(`Importing ${path.relative(process.cwd(), file) || file} into ${baseUrl}`);
    const report = await importSeason(season, { baseUrl, log: (line) => console.log(line) });
    console.log('');
    for (const line of formatReport(report)) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof SeasonFileError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof ImportAbortedError) {
      console.error(`Import aborted. ${error.message}`);
      console.error('Imported before the abort:');
      for (const line of formatReport(error.partial)) console.error(`  ${line}`);
      return 1;
    }
    if (error instanceof ApiUnreachableError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
