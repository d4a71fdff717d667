import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env.js';
import { SharedSecrets } from './shared-secrets.js';

describe('SharedSecrets (config.secrets)', () => {
  it('reads the seven secret variables, trimmed, empty = not set', () => {
    const config = loadConfig({ FINANCE_PASS: ' f1n ', HR_PASS: '', TEST_PASS: 't', OTHER_PASS: 'x' });
    expect(config.secrets.get('FINANCE_PASS')).toBe('f1n');
    expect(config.secrets.get('HR_PASS')).toBeUndefined();
    expect(config.secrets.get('CHAPTERS_PASS')).toBeUndefined();
    expect(config.secrets.setNames()).toEqual(['FINANCE_PASS', 'TEST_PASS']);
  });

  it('never shows a value when the configuration is serialised, inspected or turned into text', () => {
    const config = loadConfig({ FINANCE_PASS: 'do-not-print-me' });
    expect(JSON.stringify(config)).not.toContain('do-not-print-me');
    expect(JSON.stringify(config)).toContain('"secrets":"[Redacted]"');
    expect(inspect(config, { depth: 10 })).not.toContain('do-not-print-me');
    expect(`${config.secrets}`).toBe('[Redacted]');
    expect(String(new SharedSecrets({ WIX_PASS: 'w' }))).toBe('[Redacted]');
    expect(Object.keys(config.secrets)).toEqual([]);
  });
});
