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

/** A record's status paragraph: from its "Status:" line to the first empty line, as one line. */
function statusOf(text: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Status:'));
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start, end < 0 ? undefined : end).join(' ');
}

/**
 * The "supersedes" links a status paragraph states, one pair per record named: `newer` supersedes (part of) `older`.
 * "Supersedes … 020" in record 033 gives {newer: 033, older: 020}; "superseded … by 067" in record 033 gives {newer:
 * 067, older: 033}. Links (`[020](020-….md)`) and file names (`020-….md`) count as their number; a clause ends at a
 * full stop or a semicolon.
 * @param id the record's number ("033")
 * @param status its status paragraph
 */
export function supersedeLinks(id: string, status: string): { supersedes: Set<string>; supersededBy: Set<string> } {
  const plain = status.replace(/\[(\d{3})\]\([^)]*\)/gu, '$1').replace(/\b(\d{3})-[\w-]+\.md\b/gu, '$1');
  const numbers = (clause: string) => [...clause.matchAll(/(?<![\d-])(\d{3})(?!\d)/gu)].map((m) => m[1] ?? '');
  const supersedes = new Set<string>();
  const supersededBy = new Set<string>();
  for (const clause of plain.split(/[.;](?:\s|$)/u)) {
    for (const m of clause.matchAll(/\bsupersedes\b(.*)/giu)) for (const n of numbers(m[1] ?? '')) supersedes.add(n);
    for (const m of clause.matchAll(/\bsuperseded\b.*?\bby\b(.*)/giu)) {
      for (const n of numbers(m[1] ?? '')) supersededBy.add(n);
    }
  }
  supersedes.delete(id);
  supersededBy.delete(id);
  return { supersedes, supersededBy };
}

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

  it('say both ways which record supersedes which: each "Supersedes NNN" has its "superseded by", and back', () => {
    const links = new Map(
      records.map((name) => {
        const id = name.slice(0, 3);
        return [id, supersedeLinks(id, statusOf(readFileSync(path.join(decisionsDir, name), 'utf8')))];
      }),
    );
    const unanswered: string[] = [];
    for (const [id, { supersedes, supersededBy }] of links) {
      // Only numbers that name a record: a status may quote other numbers (an HTTP status, a count).
      for (const older of [...supersedes].filter((n) => links.has(n))) {
        if (links.get(older)?.supersededBy.has(id) !== true) {
          unanswered.push(`${id} supersedes ${older}, whose status does not say "superseded … by ${id}"`);
        }
      }
      for (const newer of [...supersededBy].filter((n) => links.has(n))) {
        if (links.get(newer)?.supersedes.has(id) !== true) {
          unanswered.push(`${id} is superseded by ${newer}, whose status does not say "Supersedes … ${id}"`);
        }
      }
    }
    expect(unanswered).toEqual([]);
  });

  it('read supersedes links from a status paragraph', () => {
    const newer = supersedeLinks(
      '033',
      'Status: superseded by 067 (accepted 2026-11-26). Supersedes the part of `020-people-and-permissions.md` that gives',
    );
    expect([...newer.supersedes]).toEqual(['020']);
    expect([...newer.supersededBy]).toEqual(['067']);
    const older = supersedeLinks(
      '016',
      'Status: accepted (2026-11-24); its last consequence superseded by [027](027-x.md); what is counted superseded by [034](034-y.md).',
    );
    expect([...older.supersededBy]).toEqual(['027', '034']);
    expect(older.supersedes.size).toBe(0);
    expect(supersedeLinks('040', 'Status: accepted (2026-11-27).')).toEqual({
      supersedes: new Set(),
      supersededBy: new Set(),
    });
  });

  it('recognise a status line', () => {
    expect(STATUS_LINE.test('Status: accepted (2026-11-25). Builds on 028')).toBe(true);
    expect(STATUS_LINE.test('Status: partly superseded by 010 (2026-11-22)')).toBe(true);
    expect(STATUS_LINE.test('Status: accepted')).toBe(false);
    expect(STATUS_LINE.test('Replaces the single limit')).toBe(false);
  });
});
