import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationVariables, ConfigError, loadConfig, REQUIRED_IN_PRODUCTION } from './env.js';
import {
  DEFAULT_FAILED_CALLBACKS_PER_ACCOUNT,
  DEFAULT_FAILED_CALLBACKS_PER_ADDRESS,
} from './plugins/auth-rate-limits.js';
import { projectRoot } from './project-root.js';

/**
 * The docs an operator follows are checked against the code, so that they cannot drift from it again: the
 * configuration table of docs/operations.md#configuration lists exactly the variables src/server/env.ts reads, the
 * deploy steps (docs/operations.md#deploying) name every variable a production server refuses to start without, and
 * the constants of docs/product.md#constants give the sign-in limits the server applies.
 */

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

/**
 * The text of one level-2 section of a Markdown page, with its subsections.
 * @param page the page's Markdown
 * @param heading the section's heading without '## ', e.g. "Deploying"
 * @throws Error when the page has no such section
 */
function section(page: string, heading: string): string {
  const lines = page.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The variable names written in backticks in the first cell of each row of the section's table(s). */
function tableVariables(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/gu)].map((m) => m[1] ?? ''));
}

/** A value each production variable accepts, so that a server given exactly the deploy steps' list starts. */
const EXAMPLE_VALUES: Record<(typeof REQUIRED_IN_PRODUCTION)[number], string> = {
  GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  PUBLIC_URL: 'https://onboarding.example.org',
  SESSION_SECRET: 'a'.repeat(48),
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const operations = read('docs/operations.md');

describe('docs/operations.md#configuration', () => {
  const documented = tableVariables(section(operations, 'Configuration'));

  it('finds the table', () => {
    expect(documented).toContain('PORT');
    expect(documented).toContain('CHAPTERS_PASS');
  });

  it('lists every variable the server reads, once, and nothing else', () => {
    expect([...documented].sort()).toEqual([...configurationVariables()].sort());
  });
});

describe('docs/operations.md#deploying', () => {
  const deploying = section(operations, 'Deploying');

  it('names NODE_ENV=production and every variable a production server requires', () => {
    const missing = [...REQUIRED_IN_PRODUCTION].filter((name) => !new RegExp(`\\b${name}\\b`, 'u').test(deploying));
    expect(missing).toEqual([]);
    expect(deploying).toContain('NODE_ENV=production');
  });

  it('lists enough: a production server given exactly those variables starts', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...EXAMPLE_VALUES });
    expect(config.isProduction).toBe(true);
    expect(config.devLogin).toBe(false);
  });

  it('lists nothing optional as required: without any one of them a production server refuses to start', () => {
    for (const name of REQUIRED_IN_PRODUCTION) {
      const env: Record<string, string> = { NODE_ENV: 'production', ...EXAMPLE_VALUES };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(`${name}: is required when NODE_ENV=production`);
    }
  });
});

describe('docs/product.md#constants', () => {
  it('gives the sign-in limits the server applies by default', () => {
    const row = read('docs/product.md')
      .split('\n')
      .find((line) => line.startsWith('| Sign-in rate limit'));
    const config = loadConfig({});
    const minutes = (ms: number) => ms / 60_000;
    expect(row).toContain(`${config.authRateLimitPerMinute} sign-in starts a minute`);
    expect(row).toContain(`${config.devLoginRateLimitPerMinute} development sign-ins a minute`);
    expect(row).toContain(
      `${DEFAULT_FAILED_CALLBACKS_PER_ADDRESS.max} failed callbacks per ${minutes(DEFAULT_FAILED_CALLBACKS_PER_ADDRESS.timeWindowMs)} minutes`,
    );
    expect(row).toContain(
      `${DEFAULT_FAILED_CALLBACKS_PER_ACCOUNT.max} refusals per ${minutes(DEFAULT_FAILED_CALLBACKS_PER_ACCOUNT.timeWindowMs)} minutes`,
    );
  });
});
