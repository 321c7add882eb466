/**
 * docker-compose.yml, infra/Dockerfile and infra/.env.example agree with each other and with the
 * code — checked without Docker: environment names against ConfigSchema, Dockerfiles, build
 * targets and the files they copy or run, pinned images, host ports, health-check dependencies,
 * named volumes and the nginx upstreams.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigSchema, REPO_ROOT } from '../src/config.ts';
import { SERVER_ENTRIES } from '../scripts/server-entries.ts';

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: string | string[];
  ports?: (string | number | { published?: string | number; target: number })[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { type?: string; source?: string })[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const composePath = path.join(REPO_ROOT, 'docker-compose.yml');
const composeText = fs.readFileSync(composePath, 'utf8');
const compose = parse(composeText, { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);
const envExample = fs.readFileSync(path.join(REPO_ROOT, 'infra/.env.example'), 'utf8');

/** Every string value (and key) of the parsed compose file: what compose interpolates (comments are not). */
function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...allStrings(v)]);
  return [];
}
const composeStrings = allStrings(compose).join('\n');

/** `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?err}` → VAR (not `$${…}`, which compose leaves to the shell). */
function interpolatedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?:[:?-][^}]*)?\}/g)) names.add(m[1]!);
  return names;
}

/** Replaces `${VAR:-default}` with its default (what `docker compose up` uses without a .env). */
function withDefaults(text: string): string {
  return text.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '');
}

function buildOf(service: ComposeService): { context: string; dockerfile: string; target?: string } | undefined {
  if (service.build === undefined) return undefined;
  if (typeof service.build === 'string') return { context: service.build, dockerfile: 'Dockerfile' };
  return { context: service.build.context ?? '.', dockerfile: service.build.dockerfile ?? 'Dockerfile', target: service.build.target };
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((line) => [line.split('=')[0]!, line.slice(line.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v ?? '')]));
}

/** Services that run Pitwall's own Node code (built from a Node target of infra/Dockerfile). */
const NODE_TARGETS = new Set(['server', 'standalone']);
const pitwallServices = services.filter(([, s]) => NODE_TARGETS.has(buildOf(s)?.target ?? ''));

/** A Dockerfile's stages, FROM images (ARG defaults resolved), COPY sources, ENV values and CMD arrays. */
interface Dockerfile {
  stages: Set<string>;
  images: string[];
  copySources: string[];
  env: Record<string, string>;
  cmds: string[][];
}
function readDockerfile(file: string): Dockerfile {
  const lines = fs.readFileSync(file, 'utf8').replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const result: Dockerfile = { stages: new Set(), images: [], copySources: [], env: {}, cmds: [] };
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const body = rest.join(' ');
    switch (instruction!.toUpperCase()) {
      case 'ARG': {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(body);
        if (m) args[m[1]!] = m[2] ?? '';
        break;
      }
      case 'FROM': {
        const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(body)!;
        const image = m[1]!.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_x, name: string) => args[name] ?? '');
        if (!result.stages.has(image)) result.images.push(image);
        if (m[2]) result.stages.add(m[2]);
        break;
      }
      case 'COPY': {
        if (/--from=/.test(body)) break;
        const parts = body.split(/\s+/).filter((p) => !p.startsWith('--'));
        result.copySources.push(...parts.slice(0, -1));
        break;
      }
      case 'ENV': {
        for (const m of body.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) result.env[m[1]!] = m[2]!;
        break;
      }
      case 'CMD':
        if (body.startsWith('[')) result.cmds.push(JSON.parse(body) as string[]);
        break;
    }
  }
  return result;
}

/** An image reference is pinned when it names a tag other than `latest`, or a digest. */
function isPinned(image: string): boolean {
  if (image.includes('@sha256:')) return true;
  const lastSegment = image.split('/').at(-1)!;
  const tag = lastSegment.includes(':') ? lastSegment.split(':').at(-1)! : undefined;
  return tag !== undefined && tag !== '' && tag !== 'latest';
}

/** Repository files a command runs (arguments ending in .ts/.js/.mjs under services/ or the root). */
function scriptPaths(command: string[]): string[] {
  return command.filter((arg) => /^[\w./-]+\.(ts|js|mjs)$/.test(arg) && !arg.startsWith('-'));
}

/** Where production runs the server from (compiled by services/server/scripts/build.ts). */
const DIST_DIR = 'services/server/dist/';

describe('docker-compose.yml', () => {
  it('parses, and has the stores, the API roles and the web', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['command', 'eventstore', 'gateway', 'minio', 'postgres', 'projector', 'query', 'redis', 'web-cars', 'web-events', 'web-shell', 'web-teams'].sort(),
    );
    expect(pitwallServices.map(([name]) => name).sort()).toEqual(['command', 'gateway', 'projector', 'query']);
  });

  it("gives Pitwall services only environment names that exist in the config schema", () => {
    const known = new Set(Object.keys(ConfigSchema.shape));
    for (const [name, service] of pitwallServices) {
      expect(service.env_file, `${name}: env_file would pass unchecked names`).toBeUndefined();
      const unknown = Object.keys(environmentOf(service)).filter((key) => !known.has(key));
      expect(unknown, `${name} sets variables that services/server/src/config.ts does not read`).toEqual([]);
    }
  });

  it('gives each API role what it needs: stores for command/query/projector, upstreams for the gateway', () => {
    for (const name of ['command', 'query', 'projector']) {
      const env = environmentOf(compose.services[name]!);
      for (const key of ['DATABASE_URL', 'EVENTSTORE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'PORT', 'LOG_LEVEL']) {
        expect(env[key], `${name}.${key}`).toBeTruthy();
      }
    }
    const gateway = environmentOf(compose.services.gateway!);
    for (const key of ['COMMAND_URLS', 'QUERY_URLS', 'REMOTE_CARS_URL', 'REMOTE_EVENTS_URL', 'REMOTE_TEAMS_URL', 'PORT']) expect(gateway[key], `gateway.${key}`).toBeTruthy();
    // Upstream URLs name services of this file, on the port the server listens on.
    for (const url of [...gateway.COMMAND_URLS!.split(','), ...gateway.QUERY_URLS!.split(',')]) {
      const { hostname, port } = new URL(url.trim());
      expect(compose.services[hostname], `gateway upstream ${url}`).toBeDefined();
      expect(port).toBe(withDefaults(environmentOf(compose.services[hostname]!).PORT ?? ''));
    }
    const stores = environmentOf(compose.services.command!);
    for (const key of ['DATABASE_URL', 'EVENTSTORE_URL', 'REDIS_URL', 'S3_ENDPOINT']) {
      const host = new URL(withDefaults(stores[key]!)).hostname;
      expect(compose.services[host], `${key} points at service ${host}`).toBeDefined();
    }
    // The config schema's own validation accepts what compose passes (with the defaults).
    const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(stores).map(([k, v]) => [k, withDefaults(v)])));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('builds from Dockerfiles that exist, with targets that are stages in them, copying files that exist', () => {
    const built = services.filter(([, s]) => s.build !== undefined);
    expect(built.length).toBeGreaterThan(0);
    for (const [name, service] of built) {
      const build = buildOf(service)!;
      const dockerfile = path.join(REPO_ROOT, build.context, build.dockerfile);
      expect(fs.existsSync(dockerfile), `${name}: ${build.dockerfile}`).toBe(true);
      const parsed = readDockerfile(dockerfile);
      if (build.target !== undefined) expect([...parsed.stages], `${name}: target ${build.target}`).toContain(build.target);
      for (const source of parsed.copySources) {
        expect(fs.existsSync(path.join(REPO_ROOT, build.context, source)), `${build.dockerfile} copies ${source}`).toBe(true);
      }
    }
  });

  it('pins every image to a tag (never latest), in the compose file and in the Dockerfiles', () => {
    for (const [name, service] of services) {
      expect(service.image ?? service.build, `${name} has an image or a build`).toBeDefined();
      if (service.image !== undefined) expect(isPinned(withDefaults(service.image)), `${name}: ${service.image}`).toBe(true);
    }
    const dockerfiles = new Set(services.map(([, s]) => buildOf(s)).filter((b) => b !== undefined).map((b) => path.join(REPO_ROOT, b.context, b.dockerfile)));
    for (const file of dockerfiles) {
      for (const image of readDockerfile(file).images) expect(isPinned(image), `${path.relative(REPO_ROOT, file)}: FROM ${image}`).toBe(true);
    }
  });

  it('publishes no host port twice', () => {
    const published: string[] = [];
    for (const [, service] of services) {
      for (const port of service.ports ?? []) {
        if (typeof port === 'object') {
          if (port.published !== undefined) published.push(withDefaults(String(port.published)));
          continue;
        }
        const parts = withDefaults(String(port)).split(':');
        if (parts.length >= 2) published.push(parts.at(-2)!);
      }
    }
    expect(published.length).toBeGreaterThan(0);
    expect(published.filter((p, i) => published.indexOf(p) !== i)).toEqual([]);
  });

  it('waits for health: every service_healthy dependency has a health check, and every dependency with one is awaited healthy', () => {
    const healthy = (name: string) => {
      const s = compose.services[name];
      if (s === undefined) return false;
      if (s.healthcheck !== undefined) return s.healthcheck.disable !== true && s.healthcheck.test !== undefined;
      return false;
    };
    let checked = 0;
    for (const [name, service] of services) {
      const dependsOn = service.depends_on ?? {};
      const entries: [string, string][] = Array.isArray(dependsOn) ? dependsOn.map((d) => [d, 'service_started']) : Object.entries(dependsOn).map(([d, v]) => [d, v.condition ?? 'service_started']);
      for (const [dependency, condition] of entries) {
        expect(compose.services[dependency], `${name} depends on unknown ${dependency}`).toBeDefined();
        if (condition === 'service_healthy') expect(healthy(dependency), `${name} waits for ${dependency} to be healthy, which has no health check`).toBe(true);
        if (healthy(dependency)) expect(condition, `${name} should wait for ${dependency} to be healthy`).toBe('service_healthy');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    // The stores and the Pitwall processes all have one.
    for (const name of ['eventstore', 'postgres', 'redis', 'minio', 'command', 'query', 'projector', 'gateway', 'web-shell', 'web-cars', 'web-events', 'web-teams']) {
      expect(healthy(name), `${name} has a health check`).toBe(true);
    }
  });

  it('keeps state in named volumes, all declared and all used', () => {
    const declared = new Set(Object.keys(compose.volumes ?? {}));
    const used = new Set<string>();
    for (const [, service] of services) {
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0]! : volume.source ?? '';
        if (/^[A-Za-z0-9][\w.-]*$/.test(source)) used.add(source);
      }
    }
    expect([...used].sort()).toEqual([...declared].sort());
    for (const name of ['eventstore', 'postgres', 'redis', 'minio']) expect(compose.services[name]!.volumes?.length, `${name} has a volume`).toBeGreaterThan(0);
  });

  it('interpolates exactly the variables documented in infra/.env.example, with the same defaults', () => {
    const documented = new Map<string, string>();
    for (const line of envExample.split('\n')) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
      if (m) documented.set(m[1]!, m[2]!);
    }
    const used = interpolatedNames(composeStrings);
    expect([...used].sort()).toEqual([...documented.keys()].sort());
    for (const m of composeStrings.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*):-([^}]*)\}/g)) {
      expect(m[2], `default of ${m[1]} in docker-compose.yml matches infra/.env.example`).toBe(documented.get(m[1]!));
    }
  });

  it('routes the web-shell nginx to services of this file', () => {
    const parsed = readDockerfile(path.join(REPO_ROOT, 'infra/Dockerfile'));
    const upstreams = Object.entries(parsed.env).filter(([key]) => key.endsWith('_UPSTREAM'));
    expect(upstreams.map(([key]) => key).sort()).toEqual(['GATEWAY_UPSTREAM', 'REMOTE_CARS_UPSTREAM', 'REMOTE_EVENTS_UPSTREAM', 'REMOTE_TEAMS_UPSTREAM']);
    const template = fs.readFileSync(path.join(REPO_ROOT, 'infra/nginx/shell.conf.template'), 'utf8');
    for (const [key, url] of upstreams) {
      expect(compose.services[new URL(url).hostname], `${key}=${url}`).toBeDefined();
      expect(template).toContain(`\${${key}}`);
    }
  });

  it('caps connections per client where users connect: a Pitwall process without its own cap publishes no port, and web-shell caps per client address', () => {
    const uncapped = pitwallServices.filter(([, service]) => withDefaults(environmentOf(service).MAX_CONNECTIONS_PER_ADDRESS ?? '128') === '0');
    expect(uncapped.length).toBeGreaterThan(0);
    for (const [name, service] of uncapped) expect(service.ports ?? [], `${name} is reached only through a proxy`).toEqual([]);
    const template = fs.readFileSync(path.join(REPO_ROOT, 'infra/nginx/shell.conf.template'), 'utf8');
    expect(template).toMatch(/^limit_conn_zone \$binary_remote_addr zone=(\w+):\w+;$/m);
    const zone = /^limit_conn_zone \$binary_remote_addr zone=(\w+):/m.exec(template)![1];
    expect(template).toMatch(new RegExp(`^\\s+limit_conn ${zone} \\d+;$`, 'm'));
  });

  it('runs the compiled server entries, each compiled from a source file that exists', () => {
    const commands: [string, string[]][] = [];
    for (const [name, service] of services) {
      if (Array.isArray(service.command)) commands.push([`docker-compose.yml ${name}`, service.command]);
    }
    for (const stage of readDockerfile(path.join(REPO_ROOT, 'infra/Dockerfile')).cmds) commands.push(['infra/Dockerfile CMD', stage]);
    const referenced = commands.flatMap(([where, command]) => scriptPaths(command).map((file) => [where, file] as const));
    expect(referenced.map(([, file]) => file)).toEqual(expect.arrayContaining(['command', 'query', 'projector', 'gateway', 'main'].map((n) => `${DIST_DIR}${n}.js`)));
    // dist/ is built by `npm run build` (scripts/build.ts); what it is built from must be in the repository.
    for (const [where, file] of referenced) {
      if (!file.startsWith(DIST_DIR)) expect.fail(`${where} runs ${file}: production runs the compiled server under ${DIST_DIR}`);
      const source = SERVER_ENTRIES[path.basename(file, '.js')];
      expect(source, `${where} runs ${file}, which scripts/server-entries.ts does not compile`).toBeDefined();
      expect(fs.existsSync(path.join(REPO_ROOT, 'services/server/src', source!)), `${file} is compiled from services/server/src/${source}`).toBe(true);
    }
  });
});
