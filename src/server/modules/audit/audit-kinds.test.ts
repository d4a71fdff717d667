import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from '../../../shared/audit-kinds.js';
import { projectRoot } from '../../project-root.js';

/** Every non-test TypeScript file under src/server. */
function serverSources(dir = path.join(projectRoot, 'src/server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The kinds the server code writes to the audit log: the quoted kinds in each `kind:` of the files that call
 * `recordAudit` (not the operands of a comparison, nor the members of a union type, nor a change announced to the
 * other server processes with `announce`), and constants named `…_AUDIT_KIND`.
 */
function writtenKinds(): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const file of serverSources()) {
    const source = readFileSync(file, 'utf8');
    if (!/recordAudit|_AUDIT_KIND\s*=/.test(source)) continue;
    const constants = [...source.matchAll(/_AUDIT_KIND\s*=\s*'([^']+)'/g)].map((m) => m[1] ?? '');
    const withoutAnnouncements = source.replace(/\bannounce\([^\n]*/g, '');
    const inEntries = [...withoutAnnouncements.matchAll(/\bkind:\s*([^\n]*)/g)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/(?<![=!]==\s*|\|\s*)'([a-z]+(?:-[a-z]+)*)'(?!\s*\|)/g)].map((k) => k[1] ?? ''),
    );
    for (const kind of [...constants, ...inEntries]) kinds.set(kind, path.relative(projectRoot, file));
  }
  return kinds;
}

describe('audit kinds', () => {
  it('lists every kind the server code writes, so the audit log filter offers each', () => {
    const written = writtenKinds();
    // The scan finds the writes (a scan that found nothing would prove nothing).
    expect(written.size).toBeGreaterThanOrEqual(20);
    const missing = [...written].filter(([kind]) => !(AUDIT_KINDS as readonly string[]).includes(kind));
    expect(missing).toEqual([]);
  });

  it('has each kind once', () => {
    expect(new Set(AUDIT_KINDS).size).toBe(AUDIT_KINDS.length);
  });
});
