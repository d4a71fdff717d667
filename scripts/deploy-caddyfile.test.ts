import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The reverse proxy the docs give is the one the production rehearsal runs (docs/operations.md#behind-a-reverse-proxy;
 * docs/decisions/031-production-rehearsal.md): the rehearsal's Caddyfile imports deploy/Caddyfile instead of keeping a
 * copy that could drift, and the docs point at that file.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('deploy/Caddyfile', () => {
  it('is what the production rehearsal runs, imported unchanged', () => {
    const rehearsal = read('tests/production/Caddyfile');
    const directives = rehearsal.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    expect(directives[0]?.trim()).toBe('import ../../deploy/Caddyfile');
    // Besides the import, only the local OpenID Connect provider's site: nothing of the app's site is redefined.
    expect(rehearsal).not.toContain('{$PUBLIC_HOST}');
    expect(rehearsal).not.toContain('{$APP_ADDRESS}');
  });

  it('is the proxy docs/operations.md shows', () => {
    expect(read('docs/operations.md')).toContain('[deploy/Caddyfile](../deploy/Caddyfile)');
    expect(read('docs/operations.md')).toContain('caddy run --config deploy/Caddyfile');
  });

  it('takes every setting from the environment and keeps the local authority out of the trust store', () => {
    const caddyfile = read('deploy/Caddyfile');
    for (const setting of [
      '{$PUBLIC_HOST}',
      '{$TLS}',
      '{$APP_ADDRESS:127.0.0.1:3000}',
      '{$HTTP_PORT:80}',
      '{$CADDY_ADMIN:localhost:2019}',
    ]) {
      expect(caddyfile).toContain(setting);
    }
    expect(caddyfile).toMatch(/^\s*skip_install_trust$/mu);
  });
});
