import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DARK_TEXT,
  DEFAULT_ROLE_COLOR,
  LIGHT_TEXT,
  VOLUNTEER_ROLE_COLOR,
  contrastRatio,
  relativeLuminance,
  roleColorsOrFallback,
  textColorFor,
} from './colors.js';

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('relativeLuminance (WCAG 2.x)', () => {
  it.each([
    ['#ffffff', 1],
    ['#FFFFFF', 1],
    ['#000000', 0],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    ['#808080', 0.2158605],
  ])('of %s is %f', (color, luminance) => {
    expect(relativeLuminance(color)).toBeCloseTo(luminance, 6);
  });

  it('lies in 0..1 for every colour', () => {
    fc.assert(
      fc.property(hex, (c) => {
        const l = relativeLuminance(c);
        expect(l).toBeGreaterThanOrEqual(0);
        expect(l).toBeLessThanOrEqual(1 + 1e-12);
      }),
    );
  });
});

describe('contrastRatio', () => {
  it('is 21 for white on black and 1 for a colour on itself', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
  });

  it('is symmetric and within 1..21 for every pair', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBe(contrastRatio(b, a));
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21 + 1e-9);
      }),
    );
  });
});

describe('textColorFor (docs/product.md#role-colours-and-labels)', () => {
  it('follows the luminance-under-0.5 rule for every colour', () => {
    fc.assert(
      fc.property(hex, (c) => {
        expect(textColorFor(c)).toBe(relativeLuminance(c) < 0.5 ? '#ffffff' : '#111827');
      }),
    );
    expect([LIGHT_TEXT, DARK_TEXT]).toEqual(['#ffffff', '#111827']);
  });
});

describe('roleColorsOrFallback (docs/product.md#role-colours-and-labels: blue, green for volunteer)', () => {
  it('falls back to green for volunteer and blue for any other role', () => {
    expect(roleColorsOrFallback('volunteer')).toEqual({ baseColor: '#15803d' });
    expect(roleColorsOrFallback(' Volunteer ', null)).toEqual({ baseColor: VOLUNTEER_ROLE_COLOR });
    expect(roleColorsOrFallback('finance')).toEqual({ baseColor: '#1d4ed8' });
    expect(roleColorsOrFallback('pilot', {})).toEqual({ baseColor: DEFAULT_ROLE_COLOR });
  });

  it('keeps valid colours and drops malformed ones', () => {
    expect(
      roleColorsOrFallback('finance', {
        baseColor: '#0f766e',
        secondaryColor: '#99f6e4',
        gradientStartColor: '#134e4a',
      }),
    ).toEqual({ baseColor: '#0f766e', secondaryColor: '#99f6e4', gradientStartColor: '#134e4a' });
    expect(roleColorsOrFallback('finance', { baseColor: '#0f766e', secondaryColor: 'teal' })).toEqual({
      baseColor: '#0f766e',
    });
    expect(roleColorsOrFallback('volunteer', { baseColor: 'green', secondaryColor: '#99f6e4' })).toEqual({
      baseColor: '#15803d',
    });
  });

  it('gives fallbacks that pass WCAG AA with their text colour', () => {
    for (const c of [DEFAULT_ROLE_COLOR, VOLUNTEER_ROLE_COLOR]) {
      expect(contrastRatio(c, textColorFor(c))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
