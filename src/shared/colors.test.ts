import { describe, expect, it } from 'vitest';
import {
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  ensureContrast,
  relativeLuminance,
  roleBadgeColors,
  textColorFor,
} from './colors.js';

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('rejects malformed colours', () => {
    expect(() => relativeLuminance('blue')).toThrow(/#rrggbb/);
    expect(() => relativeLuminance('#fff')).toThrow();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  });
});

describe('textColorFor (docs/product.md#role-colours-and-labels: light text under luminance 0.5)', () => {
  it('uses light text on dark colours and dark text on light ones', () => {
    expect(textColorFor('#1d4ed8')).toBe(LIGHT_TEXT);
    expect(textColorFor('#fde047')).toBe(DARK_TEXT);
  });
});

describe('roleBadgeColors', () => {
  it.each(['#1d4ed8', '#16a34a', '#22c55e', '#fde047', '#ef4444', '#808080', '#ffffff', '#000000', '#0ea5e9'])(
    'keeps contrast at least 4.5:1 for %s',
    (base) => {
      const { background, text } = roleBadgeColors(base);
      expect(text).toBe(textColorFor(base));
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('leaves a colour that already passes untouched', () => {
    expect(roleBadgeColors('#1d4ed8').background).toBe('#1d4ed8');
  });
});

describe('ensureContrast', () => {
  it('darkens a light accent until it stands out on white', () => {
    const out = ensureContrast('#22c55e', '#ffffff', 3);
    expect(contrastRatio(out, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
