import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../shared/content-schema.js';
import { orderedStepIds, resolveRole } from '../../shared/roles.js';
import { projectRoot } from '../project-root.js';
import { ContentError, loadContent, type ContentProblem } from './load-content.js';

const VOLUNTEER = `key: volunteer
displayName: Volunteer
version: "1.0"
icon: HeartHandshake
colors:
  baseColor: "#15803d"
aliases: [vol]
scopes:
  - id: pre-meeting
    title: Before your first meeting
    steps:
      - id: sign-in-to-chrome
        title: Sign in to your Chrome profile
        description: Use your work account in Chrome.
        icon: Chrome
        category: Volunteer
      - id: sign-volunteer-agreement
        title: Sign the volunteer agreement
        description: Read and sign the agreement.
        icon: FileText
        category: Volunteer
        requiresScrollOrDownload: true
        pdfUrl: /content/volunteer-agreement.pdf
`;

const FINANCE = `key: finance
displayName: Finance
version: "1.0"
icon: DollarSign
isDepartment: true
inherits: [volunteer]
colors:
  baseColor: "#1d4ed8"
scopes:
  - id: pre-meeting
    title: Before your first meeting
    include: [volunteer]
    steps:
      - id: meet-the-treasurer
        title: Meet the treasurer
        description: Say hello.
        icon: DollarSign
        category: Finance
`;

let dir: string;
const write = (name: string, text: string) => writeFileSync(path.join(dir, 'roles', name), text);

/** The problems loadContent reports for the temp directory (fails the test when it loads). */
async function problems(): Promise<ContentProblem[]> {
  const error: unknown = await loadContent(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${String(error)}`);
  return error.problems;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'onboarding-content-'));
  mkdirSync(path.join(dir, 'roles'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'volunteer-agreement.pdf'), '%PDF-1.4\n');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('loadContent', () => {
  it('loads a valid directory into a catalog that resolves', async () => {
    write('volunteer.yaml', VOLUNTEER);
    write('finance.yaml', FINANCE);
    const catalog = await loadContent(dir);
    expect([...catalog.keys()].sort()).toEqual(['finance', 'volunteer']);
    expect(orderedStepIds(resolveRole(catalog, 'finance'))).toEqual([
      'sign-in-to-chrome',
      'sign-volunteer-agreement',
      'meet-the-treasurer',
    ]);
  });

  it('reports a schema problem with the file, the path inside it and the line', async () => {
    write(
      'volunteer.yaml',
      VOLUNTEER.replace('pdfUrl: /content/volunteer-agreement.pdf', 'pdfUrl: http://example.org/a.pdf'),
    );
    const [problem, ...rest] = await problems();
    expect(rest).toEqual([]);
    expect(problem?.file).toMatch(/roles\/volunteer\.yaml$/);
    expect(problem?.path).toBe('scopes[0].steps[1].pdfUrl');
    expect(problem?.message).toMatch(/https:\/\/ URL.*\(line 23\)/);
  });

  it('prints one "file: path: message" line per problem', async () => {
    write(
      'volunteer.yaml',
      VOLUNTEER.replace('icon: Chrome', 'icon: Rocket').replace('category: Volunteer', 'category: Pilot'),
    );
    const error = await loadContent(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const lines = (error as ContentError).message.split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/volunteer\.yaml: scopes\[0\]\.steps\[0\]\.category: /);
  });

  it('reports YAML syntax errors with their line', async () => {
    write('volunteer.yaml', 'key: volunteer\ndisplayName: [unclosed\n');
    const [problem] = await problems();
    expect(problem?.path).toBe('');
    expect(problem?.message).toMatch(/line \d+: .*YAML syntax/);
  });

  it('cross-checks the catalog and lists every problem', async () => {
    write(
      'volunteer.yaml',
      VOLUNTEER.replace('icon: Chrome', 'icon: Rocket').replace(
        '/content/volunteer-agreement.pdf',
        '/content/missing.pdf',
      ),
    );
    write(
      'money.yaml',
      FINANCE.replace('inherits: [volunteer]', 'inherits: [nobody]\naliases: [VOL]')
        .replace('include: [volunteer]', 'include: [volunteer/no-such-scope, ghosts]')
        .replace('id: meet-the-treasurer', 'id: sign-in-to-chrome'),
    );
    const found = (await problems()).map(
      (p) => `${path.basename(p.file)}: ${p.path}: ${p.message.replace(/ \(line \d+\)$/, '')}`,
    );
    const money = `${path.basename(dir)}/roles/money.yaml`;
    expect(found.sort()).toEqual(
      [
        'money.yaml: key: key "finance" must be in a file named finance.yaml',
        'money.yaml: inherits[0]: no role configuration has the key "nobody"',
        'money.yaml: scopes[0].include[0]: the role configuration "volunteer" has no scope "no-such-scope"',
        'money.yaml: scopes[0].include[1]: no role configuration has the key "ghosts"',
        'volunteer.yaml: aliases[0]: alias "vol" is already used by the role "finance"',
        `volunteer.yaml: scopes[0].steps[0].id: step id "sign-in-to-chrome" is already used in ${path.join(tmpdir(), money)} (scopes[0].steps[0])`,
        `volunteer.yaml: scopes[0].steps[0].icon: unknown icon "Rocket"; use one of ${ICON_NAMES.join(', ')}`,
        `volunteer.yaml: scopes[0].steps[1].pdfUrl: "/content/missing.pdf" does not exist: put the file at ${path.join(dir, 'assets', 'missing.pdf')}`,
      ].sort(),
    );
  });

  it('reports duplicate checklist ids within a step', async () => {
    write(
      'volunteer.yaml',
      VOLUNTEER.replace(
        '        category: Volunteer\n      - id: sign-volunteer-agreement',
        [
          '        category: Volunteer',
          '        isChecklistStep: true',
          '        content:',
          '          checklist:',
          '            - { id: open-chrome, text: Open Chrome }',
          '            - { id: open-chrome, text: Open Chrome again }',
          '      - id: sign-volunteer-agreement',
        ].join('\n'),
      ),
    );
    const [problem] = await problems();
    expect(problem?.path).toBe('scopes[0].steps[0].content.checklist[1].id');
  });

  it('reports a broken form step and a quiz without its answer key, each at its path', async () => {
    write(
      'volunteer.yaml',
      VOLUNTEER.replace(
        '        category: Volunteer\n      - id: sign-volunteer-agreement',
        [
          '        category: Volunteer',
          '        form:',
          '          fields:',
          '            - { id: support, kind: single-choice, label: What support do you need? }',
          '      - id: safeguarding-quiz',
          '        title: Safeguarding quiz',
          '        description: Check what you learned.',
          '        icon: ClipboardCheck',
          '        category: Volunteer',
          '        quiz:',
          '          passMark: 100',
          '          questions:',
          '            - id: who-to-tell',
          '              kind: single-choice',
          '              text: Who do you tell?',
          '              answers:',
          '                - { id: lead, text: The safeguarding lead, correct: true, explanation: Yes. }',
          '                - { id: nobody, text: Nobody }',
          '      - id: sign-volunteer-agreement',
        ].join('\n'),
      ),
    );
    const found = await problems();
    expect(found.map((p) => [p.path, p.message.replace(/ \(line \d+\)$/u, '')])).toEqual([
      ['scopes[0].steps[0].form.fields[0].options', 'a single-choice field needs at least 2 options'],
      [
        'scopes[0].steps[1].quiz.questions[0].answers[1].explanation',
        'every answer needs an explanation (shown to members who chose it)',
      ],
    ]);
    expect(found.every((p) => /roles\/volunteer\.yaml$/u.test(p.file))).toBe(true);
  });

  it('requires the volunteer configuration', async () => {
    write(
      'finance.yaml',
      FINANCE.replace('inherits: [volunteer]', 'inherits: []').replace('include: [volunteer]', 'include: []'),
    );
    expect((await problems()).map((p) => p.message)).toEqual([
      'the "volunteer" role configuration (volunteer.yaml) is required',
    ]);
  });

  it('reports a missing roles directory', async () => {
    rmSync(path.join(dir, 'roles'), { recursive: true });
    expect(await problems()).toHaveLength(1);
  });
});

describe('the real content', () => {
  it('loads and has the volunteer steps', async () => {
    const catalog = await loadContent(path.join(projectRoot, 'content'));
    expect(orderedStepIds(resolveRole(catalog, 'volunteer')).length).toBeGreaterThanOrEqual(5);
  });
});
