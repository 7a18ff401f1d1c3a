import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * docker-compose.yml as Compose reads it (merge keys resolved), and what its services' processes
 * would see, for tests that check the deployment files without Docker.
 */

export const repoRoot = new URL('../../', import.meta.url);
export const readRepoFile = (name: string) => readFileSync(new URL(name, repoRoot), 'utf8');

export type Environment = Record<string, string | number | boolean | null>;
export type DependsOn = Record<string, { condition?: string }> | string[];
export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Environment | string[];
  depends_on?: DependsOn;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  deploy?: { replicas?: number };
  ports?: Array<string | { target?: number; published?: string | number }>;
  volumes?: string[];
  restart?: string;
  profiles?: string[];
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export const composeText = readRepoFile('docker-compose.yml');
// Compose resolves YAML merge keys (`<<: *anchor`); so must the parser.
export const compose = parse(composeText, { merge: true }) as ComposeFile;

export function service(name: string): ComposeService {
  const s = compose.services[name];
  if (!s) throw new Error(`docker-compose.yml has no service "${name}"`);
  return s;
}

/** A service's environment as a map (compose also allows a list of NAME=value strings). */
export function environmentOf(name: string): Environment {
  const env = service(name).environment ?? {};
  if (!Array.isArray(env)) return env;
  return Object.fromEntries(
    env.map((entry) => {
      const eq = entry.indexOf('=');
      return eq === -1 ? [entry, null] : [entry.slice(0, eq), entry.slice(eq + 1)];
    }),
  );
}

export function commandOf(name: string): string {
  const cmd = service(name).command;
  return Array.isArray(cmd) ? cmd.join(' ') : (cmd ?? '');
}

/** The long-form depends_on conditions of a service (a short-form list has none). */
export function conditionsOf(name: string): Record<string, string | undefined> {
  const dependsOn = service(name).depends_on ?? {};
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((d) => [d, undefined]));
  return Object.fromEntries(Object.entries(dependsOn).map(([d, v]) => [d, v.condition]));
}

/**
 * Compose-style interpolation of one value: `$$` is a literal `$`; `${VAR}`, `$VAR`,
 * `${VAR:-default}` / `${VAR-default}`, `${VAR:?error}` / `${VAR?error}` and `${VAR:+alt}` /
 * `${VAR+alt}` (the colon forms treat an empty value like an unset one).
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  const pattern =
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;
  return value.replace(
    pattern,
    (
      match,
      name: string | undefined,
      colon: string | undefined,
      op: string | undefined,
      arg: string | undefined,
      bare: string | undefined,
    ) => {
      if (match === '$$') return '$';
      if (bare !== undefined) return vars[bare] ?? '';
      const current = vars[name!];
      const missing = colon ? current === undefined || current === '' : current === undefined;
      const nested = () => interpolate(arg ?? '', vars);
      switch (op) {
        case undefined:
          return current ?? '';
        case '-':
          return missing ? nested() : current!;
        case '?':
          if (missing) throw new Error(`required variable ${name} is missing a value: ${nested()}`);
          return current!;
        case '+':
          return missing ? '' : nested();
        default:
          throw new Error(`unsupported interpolation ${match}`);
      }
    },
  );
}

/** What the container's process.env would hold for the given `.env` / shell values. */
export function resolvedEnvironment(name: string, vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, raw] of Object.entries(environmentOf(name))) {
    // A bare `KEY` (null) passes the host's value through unchanged.
    out[key] = raw === null ? vars[key] : interpolate(String(raw), vars);
  }
  return out;
}

/** The `${NAME:-fallback}` interpolations of a value, as [NAME, fallback]. */
export function fallbacksIn(value: string): Array<[string, string]> {
  return [...value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?-([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]);
}
