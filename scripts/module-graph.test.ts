import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, moduleEdges, moduleGraphBlock, modulesOnLoops } from './module-graph.js';

/** docs/architecture.md#modules is drawn from the code, and the code has no loop to draw. */
describe('the module picture', () => {
  it('in docs/architecture.md is the one the code draws (npm run docs:modules)', () => {
    expect(readFileSync(ARCHITECTURE_DOC, 'utf8')).toContain(moduleGraphBlock(moduleEdges()));
  });

  it('has no loop', () => {
    expect(modulesOnLoops(moduleEdges())).toEqual([]);
  });

  it('finds a loop when there is one', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(modulesOnLoops(edges)).toEqual(['a', 'b', 'c']);
  });
});
