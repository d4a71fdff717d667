import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../shared/roles.js';
import { projectRoot } from '../project-root.js';
import { loadContent } from './load-content.js';
import { PLACEHOLDER_MARK } from './placeholders.js';

/**
 * Content never pretends (docs/product.md#placeholders): internal facts nobody has confirmed are marked as placeholders
 * where they are used, so that `content:check --strict` and the studio find them, or are written so they claim nothing.
 */
let catalog: RoleCatalog;
beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
});

const steps = () =>
  [...catalog.values()].flatMap((config) =>
    config.scopes.flatMap((scope) =>
      scope.steps.map((step) => ({ where: `${config.key}/${step.id}`, step, text: JSON.stringify(step) })),
    ),
  );

/** Every text of a step (its strings at any depth), links' addresses left out. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (key === 'url' || key === 'src' ? [] : textsOf(item)));
  }
  return [];
}

/** Names of internal documents that the content invented; each step naming one must say it is still to be confirmed. */
const UNCONFIRMED_NAMES = [/Chapter Directory/u, /Donation Log/u, /budget tracker/iu];

describe('honest content (docs/product.md#placeholders)', () => {
  it('a step that names an unconfirmed internal document also marks it as a placeholder', () => {
    const unmarked = steps()
      .filter(({ text }) => UNCONFIRMED_NAMES.some((name) => name.test(text)) && !PLACEHOLDER_MARK.test(text))
      .map(({ where }) => where);
    expect(unmarked).toEqual([]);
  });

  it('claims no legal status or exact meeting length that nobody confirmed', () => {
    const claims = steps()
      .filter(({ text }) => /501\(c\)\(3\)|\b\d+-minute\b|interviews?[^.]*\b\d+ minutes/iu.test(text))
      .map(({ where }) => where);
    expect(claims).toEqual([]);
  });

  it('states no country fact (emergency number, tax authority, currency amount) unless the same text marks it to be confirmed', () => {
    // Where the organisation is based is not known: a text naming a country's emergency number, tax authority or
    // forms, or an amount in a currency, says it is to be confirmed, so content:check --strict lists it.
    const COUNTRY_FACT = /\b(?:911|999|112|000)\b|\bIRS\b|\bHMRC\b|Form (?:990|1023)|tax-exempt|[$£€]\s?\d/u;
    const stated = steps().flatMap(({ where, step }) =>
      textsOf(step)
        .filter((text) => COUNTRY_FACT.test(text) && !PLACEHOLDER_MARK.test(text))
        .map((text) => `${where}: ${text}`),
    );
    expect(stated).toEqual([]);
  });

  it('states no deadline in an acknowledgment as policy unless it marks it to be confirmed', () => {
    const DEADLINE =
      /\bwithin (?:one|two|three|a|\d+) (?:school )?(?:days?|weeks?|hours?)\b|\bat least (?:one|two|three|\d+) days? before\b|\b(?:over|longer than) \d+ minutes\b/iu;
    const stated = steps().flatMap(({ where, step }) =>
      step.content.acknowledgments
        .filter((item) => DEADLINE.test(item.content) && !PLACEHOLDER_MARK.test(item.content))
        .map((item) => `${where}: ${item.content}`),
    );
    expect(stated).toEqual([]);
  });

  it('offers no mailto: link: every team inbox in the content is still a guess', () => {
    const mailto = steps().flatMap(({ where, step }) =>
      step.content.helpfulLinks.filter((link) => link.url.startsWith('mailto:')).map((link) => `${where}: ${link.url}`),
    );
    expect(mailto).toEqual([]);
  });
});
