import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRoleLabel } from './role-label.js';

describe('formatRoleLabel (docs/product.md#role-colours-and-labels)', () => {
  it.each([
    ['director of finance and operations', 'Director of Finance and Operations'],
    ['HEAD OF HR', 'Head of HR'],
    ['blog writer', 'Blog Writer'],
    ['blog_writer', 'Blog Writer'],
    ['content_creator', 'Content Creator'],
    ['hr', 'HR'],
    ['Hr', 'HR'],
    ['director of hr', 'Director of HR'],
    ['human resources', 'Human Resources'],
    ['of counsel', 'Of Counsel'],
    ['and more', 'And More'],
    ['volunteer', 'Volunteer'],
    ['  chapters   and\texecutive  ', 'Chapters and Executive'],
    ['director of chapter affairs', 'Director of Chapter Affairs'],
    ['hrm', 'Hrm'],
    ['offer', 'Offer'],
    ['ceo', 'Ceo'],
    ['', ''],
    ['   ', ''],
    ['__', ''],
  ])('formats %j as %j', (role, label) => {
    expect(formatRoleLabel(role)).toBe(label);
  });
});

describe('formatRoleLabel properties', () => {
  const word = fc.oneof(
    fc.constantFrom('of', 'and', 'hr', 'OF', 'And', 'HR', 'hR'),
    fc.stringMatching(/^[A-Za-z]{1,10}$/),
  );
  const separator = fc.constantFrom(' ', '  ', '_', '\t', ' _ ');
  const roleText = fc
    .tuple(fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 6 }), fc.constantFrom('', ' ', '_'))
    .map(([parts, edge]) => edge + parts.map(([w, s]) => w + s).join('') + edge);

  it('is idempotent and ignores the case of the input', () => {
    fc.assert(
      fc.property(roleText, (text) => {
        const label = formatRoleLabel(text);
        expect(formatRoleLabel(label)).toBe(label);
        expect(formatRoleLabel(text.toUpperCase())).toBe(label);
        expect(formatRoleLabel(text.toLowerCase())).toBe(label);
      }),
    );
  });

  it('yields single-space separated words, each capitalised unless "of"/"and" after the first, "hr" as "HR"', () => {
    fc.assert(
      fc.property(roleText, (text) => {
        const words = formatRoleLabel(text).split(' ');
        expect(words.every((w) => w !== '' && !w.includes('_'))).toBe(true);
        words.forEach((w, i) => {
          const lower = w.toLowerCase();
          if (lower === 'hr') expect(w).toBe('HR');
          else if (i > 0 && (lower === 'of' || lower === 'and')) expect(w).toBe(lower);
          else expect(w).toBe(lower.charAt(0).toUpperCase() + lower.slice(1));
        });
      }),
    );
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(typeof formatRoleLabel(text)).toBe('string');
      }),
    );
  });
});
