import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyDraftPatch, draftPatchOf } from '../../../shared/studio-patch.js';

/** The real content, as the studio holds it (docs/decisions/041-studio-saves-what-changed.md measures it). */
const content = (): { key: string; displayName: string }[] =>
  readdirSync('content/roles')
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => parse(readFileSync(`content/roles/${f}`, 'utf8')) as { key: string; displayName: string });

/** Browsers refuse a keepalive request whose body is over 64 KiB. */
const KEEPALIVE_LIMIT_BYTES = 64 * 1024;

describe('a draft patch', () => {
  it('carries only the role that changed: the whole catalogue is over the keepalive limit, the patch far under it', () => {
    const saved = content();
    const next = saved.map((r: { key: string; displayName: string }) =>
      r.key === 'hr' ? { ...r, displayName: 'People and culture' } : r,
    );
    expect(new TextEncoder().encode(JSON.stringify({ catalog: next, baseUpdatedAt: null })).length).toBeGreaterThan(
      KEEPALIVE_LIMIT_BYTES,
    );
    const patch = draftPatchOf(saved, next, '2026-11-27T04:00:00.000Z');
    expect(patch?.roles.map((r) => r.key)).toEqual(['hr']);
    expect(new TextEncoder().encode(JSON.stringify(patch)).length).toBeLessThan(KEEPALIVE_LIMIT_BYTES / 2);
    expect(patch && applyDraftPatch(saved, patch)).toEqual({ catalog: next });
  });

  it('adds, removes, renames and reorders roles by key', () => {
    const saved = [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'c', n: 3 },
    ];
    const next = [
      { key: 'c', n: 3 },
      { key: 'new', n: 4 },
      { key: 'a2', n: 1 },
    ];
    const patch = draftPatchOf(saved, next, null);
    expect(patch).toEqual({
      baseUpdatedAt: null,
      roles: [
        { key: 'new', n: 4 },
        { key: 'a2', n: 1 },
      ],
      order: ['c', 'new', 'a2'],
    });
    expect(patch && applyDraftPatch(saved, patch)).toEqual({ catalog: next });
  });

  it('is not made when keys cannot name the roles, and refuses an order that does not fit the draft', () => {
    expect(draftPatchOf([{ key: 'a' }], [{ key: 'a' }, { key: 'a' }], null)).toBeNull();
    expect(draftPatchOf([{ key: 'a' }], [{ name: 'no key' }], null)).toBeNull();
    expect(applyDraftPatch([{ key: 'a' }], { roles: [], order: ['b'] })).toEqual({
      problem: 'The role "b" is neither in the draft nor in the change.',
    });
    expect(applyDraftPatch([{ key: 'a' }], { roles: [], order: ['a', 'a'] })).toEqual({
      problem: 'The order names a role twice.',
    });
    expect(applyDraftPatch([{ key: 'a' }], { roles: [{ key: 'b' }], order: ['a'] })).toEqual({
      problem: 'The changed role "b" is missing from the order.',
    });
  });
});
