import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository documents itself: comments, tests and docs point at docs/product.md, docs/architecture.md and
 * docs/operations.md, never at documents a maintainer cannot open — the product specification, design and style
 * files that once lived in a folder beside the repository, or that folder itself. This test keeps it so.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file, which has to spell out examples of what it looks for. */
const THIS_FILE = path
  .relative(root, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join('/');

/** The tracked files this applies to. */
const SCOPE = ['src', 'tests', 'scripts', 'bench', 'docs', 'README.md'];

/** Names of the outside documents. */
const OUTSIDE_DOCUMENTS = ['SPEC', 'DESIGN', 'STYLE'].map((name) => `${name}.md`);
/** Section citations of the outside specification: "SPEC" followed by a section sign and a number. */
const SECTION_CITATION = /\bSPEC §/u;
/** A relative path that climbs into a folder named "shared": fine when it lands in src/shared (an import). */
const CLIMB_TO_SHARED = /(?:\.\.\/)+shared\b[\w./-]*/gu;

/** Files under the repository's `SCOPE`: what git tracks, or (outside a git checkout) what is on disk. */
function filesInScope(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--', ...SCOPE], { cwd: root, encoding: 'utf8' });
    return out.split('\0').filter((file) => file !== '');
  } catch {
    const walk = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : walk(rel);
        return [rel];
      });
    return SCOPE.flatMap((entry) => (entry.includes('.') ? [entry] : walk(entry)));
  }
}

/** Binary files (images, PDFs) hold no references. */
const isText = (file: string) => !/\.(?:png|jpe?g|gif|webp|pdf|ico|woff2?)$/iu.test(file);

const sharedRoot = path.join(root, 'src', 'shared');

/**
 * Whether one line of a file points outside the repository: it names an outside document, cites a section of the
 * outside specification, or climbs to a folder named "shared" that is not src/shared.
 * @param file the file's path relative to the repository root (relative paths in the line resolve from its folder)
 * @param line one line of its text
 */
function pointsOutside(file: string, line: string): boolean {
  if (OUTSIDE_DOCUMENTS.some((name) => line.includes(name)) || SECTION_CITATION.test(line)) return true;
  return [...line.matchAll(CLIMB_TO_SHARED)].some((match) => {
    const target = path.resolve(root, path.dirname(file), match[0]);
    return target !== sharedRoot && !target.startsWith(`${sharedRoot}${path.sep}`);
  });
}

/** "file:line: text" for each line of `file` that points outside the repository. */
function outsideReferences(file: string): string[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((line, i) => (pointsOutside(file, line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/**
 * The anchor GitHub gives a Markdown heading: lower case, punctuation other than '-' and '_' dropped, spaces as '-'.
 * @param heading the heading's text without the leading '#'s, e.g. "404 page" → "404-page"
 */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /gu, '-');
}

/** Links into the docs pages, e.g. `docs/product.md#progress-rules` or `architecture.md#layers`. */
const DOCS_LINK = /\b(product|architecture|operations)\.md#([\w-]+)/gu;

describe('references to documents outside the repository', () => {
  it('finds the files it checks', () => {
    const files = filesInScope();
    expect(files).toContain(THIS_FILE);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/product.md');
    expect(files.some((file) => file.startsWith('src/shared/'))).toBe(true);
  });

  it('are gone from src/, tests/, scripts/, bench/, docs/ and the README (point at docs/ instead)', () => {
    const found = filesInScope()
      .filter((file) => isText(file) && file !== THIS_FILE)
      .flatMap(outsideReferences);
    expect(found).toEqual([]);
  });

  it('are recognised, while imports of src/shared are not', () => {
    const check = pointsOutside;
    expect(check('README.md', 'The design lives in `../shared/`.')).toBe(true);
    expect(check('docs/product.md', 'see ../shared/notes')).toBe(true);
    expect(check('src/shared/roles.ts', `see ${OUTSIDE_DOCUMENTS[1]}`)).toBe(true);
    expect(check('src/shared/roles.ts', '(SPEC §5)')).toBe(true);
    expect(check('src/server/app.ts', "import type { RoleCatalog } from '../shared/roles.js';")).toBe(false);
    expect(check('src/server/modules/admin/x.ts', "from '../../../shared/admin-api.js'")).toBe(false);
    expect(check('src/server/tsconfig.test.json', '"include": ["../server", "../shared"],')).toBe(false);
    expect(check('src/shared/secret-access.test.ts', "DESIGN_PASS: 'x'")).toBe(false);
  });
});

describe('links to sections of docs/product.md, docs/architecture.md and docs/operations.md', () => {
  const anchors = new Map(
    ['product', 'architecture', 'operations'].map((page) => {
      const text = readFileSync(path.join(root, 'docs', `${page}.md`), 'utf8');
      const headings = [...text.matchAll(/^#{1,6} (.+)$/gmu)].map((m) => headingAnchor(m[1] ?? ''));
      return [page, new Set(headings)] as const;
    }),
  );

  it('make anchors the way GitHub does', () => {
    expect(headingAnchor('Progress rules')).toBe('progress-rules');
    expect(headingAnchor('404 page')).toBe('404-page');
    expect(headingAnchor('Role colours and labels')).toBe('role-colours-and-labels');
    expect(anchors.get('product')?.has('shared-passwords')).toBe(true);
  });

  it('all name a heading that exists', () => {
    const broken = [...filesInScope(), 'content']
      .flatMap((file) => (file === 'content' ? contentFiles() : [file]))
      .filter(isText)
      .flatMap((file) =>
        [...readFileSync(path.join(root, file), 'utf8').matchAll(DOCS_LINK)]
          .filter((m) => !anchors.get(m[1] ?? '')?.has(m[2] ?? ''))
          .map((m) => `${file}: ${m[0]}`),
      );
    expect(broken).toEqual([]);
  });
});

/** The role configurations, whose comments link to docs/product.md too. */
function contentFiles(): string[] {
  return readdirSync(path.join(root, 'content', 'roles')).map((name) => path.join('content', 'roles', name));
}

/** Test files the docs name, e.g. `tests/e2e/reflow.spec.ts`, `reflow.spec.ts` or `modules/x/y.test.ts`. */
const TEST_FILE = /[\w./-]*[\w-]\.(?:spec|test)\.tsx?\b/gu;

/**
 * Whether a test file named in the docs is one of `files`: the same path, or (a name or the end of a path) the end of
 * exactly such a path.
 */
function namesTrackedFile(name: string, files: readonly string[]): boolean {
  return files.some((file) => file === name || file.endsWith(`/${name}`));
}

/** The success criteria of WCAG 2.2 at levels A and AA (4.1.1, obsolete, left out as 2.2 does). */
const WCAG_22_A_AA = [
  ...['1.1.1', '1.2.1', '1.2.2', '1.2.3', '1.2.4', '1.2.5', '1.3.1', '1.3.2', '1.3.3', '1.3.4', '1.3.5'],
  ...['1.4.1', '1.4.2', '1.4.3', '1.4.4', '1.4.5', '1.4.10', '1.4.11', '1.4.12', '1.4.13'],
  ...['2.1.1', '2.1.2', '2.1.4', '2.2.1', '2.2.2', '2.3.1', '2.4.1', '2.4.2', '2.4.3', '2.4.4', '2.4.5', '2.4.6'],
  ...['2.4.7', '2.4.11', '2.5.1', '2.5.2', '2.5.3', '2.5.4', '2.5.7', '2.5.8'],
  ...[
    '3.1.1',
    '3.1.2',
    '3.2.1',
    '3.2.2',
    '3.2.3',
    '3.2.4',
    '3.2.6',
    '3.3.1',
    '3.3.2',
    '3.3.3',
    '3.3.4',
    '3.3.7',
    '3.3.8',
  ],
  ...['4.1.2', '4.1.3'],
];

describe('test files named by the docs', () => {
  const files = filesInScope();
  // The decision records stay as they were written: a test they name may have been renamed since.
  const docs = [...files.filter((file) => /^docs\/[^/]+\.md$/u.test(file)), 'README.md'];

  it('are recognised by name or by the end of their path', () => {
    expect(namesTrackedFile('reflow.spec.ts', files)).toBe(true);
    expect(namesTrackedFile('tests/e2e/reflow.spec.ts', files)).toBe(true);
    expect(namesTrackedFile('e2e/reflow.spec.ts', files)).toBe(true);
    expect(namesTrackedFile('flow.spec.ts', files)).toBe(false);
    expect(namesTrackedFile('tests/e2e/no-such.spec.ts', files)).toBe(false);
  });

  it('all exist', () => {
    const missing = docs.flatMap((doc) =>
      [...readFileSync(path.join(root, doc), 'utf8').matchAll(TEST_FILE)]
        .map((m) => m[0])
        .filter((name) => !namesTrackedFile(name, files))
        .map((name) => `${doc}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('in docs/product.md#accessibility: every WCAG 2.2 A and AA success criterion, and a test for each row of its tables', () => {
    const product = readFileSync(path.join(root, 'docs', 'product.md'), 'utf8');
    const section = product.slice(
      product.indexOf('\n## Accessibility\n'),
      product.indexOf('\n## Reading and display\n'),
    );
    const named = new Set(section.match(/\b\d\.\d\.\d+\b/gu));
    expect(WCAG_22_A_AA.filter((criterion) => !named.has(criterion))).toEqual([]);
    // Each row of its tables (but their header and rule) names a test in its last column.
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !/^\| (WCAG 2\.2|Preference) \|/u.test(line));
    expect(rows.length).toBeGreaterThan(10);
    const untested = rows.filter((row) => (row.split('|').at(-2) ?? '').match(TEST_FILE) === null);
    expect(untested).toEqual([]);
  });
});
