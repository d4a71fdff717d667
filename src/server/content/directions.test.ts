import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../shared/roles.js';
import { projectRoot } from '../project-root.js';
import { loadContent } from './load-content.js';

/**
 * Directions in the content ("below", "above") match what the open step shows (docs/product.md#step-widgets: details,
 * image, media, contacts, checklist, acknowledgments, the document viewer, then 'Tasks', 'Helpful Resources' and the
 * footnote). Under a task there are only the helpful links and the footnote; under the footnote, nothing.
 */
let catalog: RoleCatalog;
beforeAll(async () => {
  catalog = await loadContent(path.join(projectRoot, 'content'));
});

const steps = () =>
  [...catalog.values()].flatMap((config) =>
    config.scopes.flatMap((scope) => scope.steps.map((step) => ({ where: `${config.key}/${step.id}`, step }))),
  );

describe('directions in the content (docs/product.md#step-widgets)', () => {
  it('a task says "below" only of the helpful links, which are the only thing under the tasks', () => {
    const wrong = steps().flatMap(({ where, step }) =>
      step.content.tasks
        .filter(
          (task) => /\bbelow\b/iu.test(task) && !(/\blinks?\b/iu.test(task) && step.content.helpfulLinks.length > 0),
        )
        .map((task) => `${where}: ${task}`),
    );
    expect(wrong).toEqual([]);
  });

  it('a task that points "above" has something above it to point at', () => {
    const wrong = steps().flatMap(({ where, step }) =>
      step.content.tasks
        .filter((task) => /\babove\b/iu.test(task))
        .filter(
          () =>
            !(
              step.content.contacts.length > 0 ||
              step.content.checklist.length > 0 ||
              step.content.acknowledgments.length > 0 ||
              step.pdfUrl !== undefined
            ),
        )
        .map((task) => `${where}: ${task}`),
    );
    expect(wrong).toEqual([]);
  });

  it('no footnote points at anything below it, and none says that steps unlock one after another', () => {
    const wrong = steps()
      .filter(({ step }) => step.footnote !== undefined && /\bbelow\b|unlock one after another/iu.test(step.footnote))
      .map(({ where, step }) => `${where}: ${step.footnote ?? ''}`);
    expect(wrong).toEqual([]);
  });
});
