// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The import boundaries of eslint.config.js bite: each case lints a line of code as if it stood in
 * `file` (nothing is written) and expects the boundary rule to refuse it, or to let it pass.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the boundary rule for `code` placed at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const carDetailFile = 'mfe-cars/src/features/car-detail/components/boundary-probe.tsx';

describe('import boundaries (eslint.config.js)', () => {
  it("refuses a feature's internals from another feature, and lets its index.ts through", async () => {
    expect(await boundaryErrors(carDetailFile, "export { HistoryList } from '../../car-history/components/history-list';")).toEqual([
      expect.stringContaining('only through its public index.ts'),
    ]);
    expect(await boundaryErrors(carDetailFile, "export { HistoryButton } from '../../car-history';")).toEqual([]);
    expect(await boundaryErrors(carDetailFile, "export { CarDetailRoute } from '../routes/car-detail-route';")).toEqual([]);
  });

  it('refuses imports across remotes and from a remote into the shell', async () => {
    for (const source of ['../../../../../mfe-events/src/app', '@pitwall/mfe-teams', '../../../../../shell/src/app']) {
      expect(await boundaryErrors(carDetailFile, `export { default } from '${source}';`)).toEqual([expect.stringContaining('No imports across remotes')]);
    }
    expect(await boundaryErrors('shell/src/boundary-probe.ts', "export { default } from '../../mfe-cars/src/app';")).toEqual([
      expect.stringContaining('The shell never imports a remote'),
    ]);
  });

  it("refuses reaches around a package's exports, and lets the exports through", async () => {
    expect(await boundaryErrors('mfe-teams/test/boundary-probe.ts', "export { stubFetch } from '../../shell/kit/test/fetch-stub';")).toEqual([
      expect.stringContaining('@pitwall/kit/test'),
    ]);
    expect(await boundaryErrors('mfe-cars/rspack.config.ts', "export { federatedAppConfig } from '../shell/kit/build/federated-app.ts';")).toEqual([
      expect.stringContaining('@pitwall/kit/build'),
    ]);
    expect(await boundaryErrors('shell/src/boundary-probe.ts', "export { apiFetch } from '../kit/src/api/api-fetch';")).toEqual([
      expect.stringContaining('package exports'),
    ]);
    expect(await boundaryErrors(carDetailFile, "export { Car } from '@pitwall/contracts/src/cars';")).toHaveLength(1);
    expect(await boundaryErrors(carDetailFile, "export { stubFetch } from '@pitwall/kit/test';")).toEqual([]);
  });

  it('keeps the kit free of the shell and the remotes', async () => {
    expect(await boundaryErrors('shell/kit/src/api/boundary-probe.ts', "export { default } from '../../../../mfe-cars/src/app';")).toEqual([
      expect.stringContaining('never imports the shell or a remote'),
    ]);
  });
});
