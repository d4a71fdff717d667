import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README stays a newcomer's page (what the app is, the two commands CI runs, where to read on), and every decision
 * record says when it was made and whether it still stands, so that a later record supersedes an earlier one instead
 * of rewriting it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = path.join(root, 'docs', 'decisions');

/** A record's status line: "Status: accepted (2026-11-25)", possibly followed by what superseded part of it. */
const STATUS_LINE = /^Status: (accepted|proposed|superseded|partly superseded)\b.*\(\d{4}-\d{2}-\d{2}\)/u;

describe('README.md', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

  it('gives the two commands, in the words CI runs', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    expect(readFileSync(path.join(root, '.ci', 'run'), 'utf8')).toContain('npm ci && npm test');
  });

  it('stays short and points at the deploy steps, the configuration and the docs', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(160);
    for (const link of [
      'docs/operations.md#deploying',
      'docs/operations.md#configuration',
      'docs/security.md',
      'docs/reliability.md',
      'docs/performance.md',
    ]) {
      expect(readme).toContain(`(${link})`);
    }
  });
});

describe('decision records', () => {
  const records = readdirSync(decisionsDir).filter((name) => /^\d{3}-.+\.md$/u.test(name));

  it('are found', () => {
    expect(records.length).toBeGreaterThan(29);
  });

  it('each carry a status with a date in their first lines', () => {
    const without = records.filter((name) => {
      const head = readFileSync(path.join(decisionsDir, name), 'utf8').split('\n').slice(0, 8);
      return !head.some((line) => STATUS_LINE.test(line));
    });
    expect(without).toEqual([]);
  });

  it('recognise a status line', () => {
    expect(STATUS_LINE.test('Status: accepted (2026-11-25). Builds on 028')).toBe(true);
    expect(STATUS_LINE.test('Status: partly superseded by 010 (2026-11-22)')).toBe(true);
    expect(STATUS_LINE.test('Status: accepted')).toBe(false);
    expect(STATUS_LINE.test('Replaces the single limit')).toBe(false);
  });
});
