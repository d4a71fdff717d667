import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The container deployment (docs/operations.md#container-image): deploy/compose.yaml builds the image of
 * deploy/Containerfile, runs the reverse proxy the docs give (deploy/Caddyfile), and the app trusts exactly that proxy
 * for client addresses. `npm run test:container` builds and runs the image itself.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
}

const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service> };
const service = (name: string): Service => {
  const found = compose.services[name];
  if (found === undefined) throw new Error(`no ${name} service`);
  return found;
};
const addressOf = (s: Service): string | undefined =>
  Array.isArray(s.networks) ? undefined : s.networks?.internal?.ipv4_address;

describe('deploy/compose.yaml', () => {
  it('builds the app from deploy/Containerfile, on PostgreSQL, with its data folder in a volume', () => {
    const app = service('app');
    expect(app.build).toEqual({ context: '..', dockerfile: 'deploy/Containerfile' });
    expect(app.environment?.NODE_ENV).toBe('production');
    expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/onboarding:.+@db:5432\/onboarding$/u);
    expect(app.volumes).toContain('app-data:/data');
    expect(app.ports).toBeUndefined(); // reachable through the proxy only
    const db = service('db');
    expect(db.environment).toMatchObject({ POSTGRES_USER: 'onboarding', POSTGRES_DB: 'onboarding' });
  });

  it('puts deploy/Caddyfile in front, and the app trusts that proxy only', () => {
    const caddy = service('caddy');
    expect(caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy.environment?.APP_ADDRESS).toBe('app:3000');
    expect(caddy.ports).toEqual(['80:80', '443:443']);
    expect(service('app').environment?.TRUST_PROXY).toBe(addressOf(caddy));
    expect(addressOf(caddy)).toMatch(/^172\.30\.0\.\d+$/u);
  });

  it('the Containerfile runs as an unprivileged user with /data a volume and a health check on /api/health', () => {
    const containerfile = read('deploy/Containerfile');
    expect(containerfile).toMatch(/^USER onboarding$/mu);
    expect(containerfile).toMatch(/^VOLUME \["\/data"\]$/mu);
    expect(containerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/api\/health/mu);
    expect(containerfile).toContain('DATA_DIR=/data');
  });
});
