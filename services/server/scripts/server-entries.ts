/**
 * The server's process entries: the compiled file `services/server/dist/<name>.js` for each
 * source under `services/server/src` (scripts/build.ts compiles them; docker-compose.yml and
 * infra/Dockerfile run them).
 */
export const SERVER_ENTRIES: Record<string, string> = {
  main: 'main.ts',
  command: 'roles/command.ts',
  query: 'roles/query.ts',
  projector: 'roles/projector.ts',
  gateway: 'roles/gateway.ts',
  web: 'roles/web.ts',
  'projections-cli': 'roles/projections-cli.ts',
  seed: 'seed/cli.ts',
};

