/**
 * The code blocks of docs/operations.md#deploying and docs/operations.md#on-postgresql as the deploy test runs them
 * (docs/operations.md#the-deploy-steps-in-ci): each block with the note above it that says whether and how it runs,
 * and the placeholders the deploy steps' table names. Strict: a block without a note, a note the test does not know, or
 * a placeholder the table does not name is a problem.
 */

/** How a block runs, from its note `<!-- docs-test: … -->`. */
export type BlockNote =
  | { run: true; when: 'in order' | 'after the deploy steps'; until?: string; answer?: string }
  | { run: false; reason: string };

/** One fenced code block of the sections. */
export interface DocBlock {
  /** The heading of its section, e.g. "On PostgreSQL". */
  section: string;
  /** Its fence's line in the file, from 1. */
  line: number;
  /** The fence's language, e.g. `sh`. */
  language: string;
  /** The block's text, without the list item's indentation. */
  code: string;
  note: BlockNote;
}

/** What {@link readDeployBlocks} found. */
export interface DeployDocs {
  /** The blocks of Deploying, then those of On PostgreSQL, in the file's order within each. */
  blocks: DocBlock[];
  /** The placeholders the table of Deploying names, e.g. `<public host>`. */
  placeholders: string[];
  /** What makes the sections unfit to run, one sentence each (with the line). */
  problems: string[];
}

/** The sections the test runs: from the heading to the next heading (of any level) outside a code block. */
export const SECTIONS = ['## Deploying', '### On PostgreSQL'] as const;

/** A placeholder as the docs write one: lower-case words between angle brackets, e.g. `<database password>`. */
export const PLACEHOLDER = /<[a-z][a-z -]*[a-z]>/gu;

const NOTE = /^\s*<!-- docs-test: (.*?) -->\s*$/u;
const FENCE = /^(\s*)```(\S*)\s*$/u;

/** Reads one note's text, e.g. "run in the background, until http://… answers"; a string is a problem. */
function parseNote(text: string): BlockNote | string {
  if (text === 'run') return { run: true, when: 'in order' };
  if (text === 'run after the deploy steps') return { run: true, when: 'after the deploy steps' };
  const background = /^run in the background, until (.+) answers$/u.exec(text);
  if (background !== null) return { run: true, when: 'in order', until: background[1] };
  const answering = /^run, answering each prompt with (<[^>]+>)$/u.exec(text);
  if (answering !== null) return { run: true, when: 'in order', answer: answering[1] };
  const skipped = /^not run: (.+)$/u.exec(text);
  if (skipped !== null) return { run: false, reason: skipped[1] ?? '' };
  return `the note "${text}" is none of: run; run in the background, until URL answers; run after the deploy steps; run, answering each prompt with <placeholder>; not run: REASON`;
}

/**
 * The blocks and placeholders of the deploy sections.
 * @param doc the text of docs/operations.md
 * @returns the blocks, the placeholders, and every problem found (empty when the sections can be run)
 */
export function readDeployBlocks(doc: string): DeployDocs {
  const lines = doc.split('\n');
  const blocks: DocBlock[] = [];
  const placeholders: string[] = [];
  const problems: string[] = [];
  for (const heading of SECTIONS) {
    const start = lines.indexOf(heading);
    if (start === -1) {
      problems.push(`docs/operations.md has no section "${heading}"`);
      continue;
    }
    let previous = '';
    for (let i = start + 1; i < lines.length; i += 1) {
      const line = lines[i] ?? '';
      if (/^#{1,6} /u.test(line)) break;
      const row = /^\| `(<[^`]+>)` \|/u.exec(line);
      if (heading === '## Deploying' && row !== null) placeholders.push(row[1] ?? '');
      const fence = FENCE.exec(line);
      if (fence === null) {
        if (line.trim() !== '') previous = line;
        continue;
      }
      const indent = fence[1] ?? '';
      const body: string[] = [];
      let end = i + 1;
      while (end < lines.length && !new RegExp(`^${indent}\`\`\`\\s*$`, 'u').test(lines[end] ?? '')) {
        body.push((lines[end] ?? '').slice(indent.length));
        end += 1;
      }
      const where = `docs/operations.md:${i + 1} (${heading.replace(/^#+ /u, '')})`;
      const noteText = NOTE.exec(previous)?.[1];
      const note = noteText === undefined ? undefined : parseNote(noteText);
      if (noteText === undefined) {
        problems.push(
          `${where}: the block has no note above it: write <!-- docs-test: run --> or <!-- docs-test: not run: REASON -->`,
        );
      } else if (typeof note === 'string') {
        problems.push(`${where}: ${note}`);
      } else if (note !== undefined) {
        blocks.push({
          section: heading.replace(/^#+ /u, ''),
          line: i + 1,
          language: fence[2] ?? '',
          code: body.join('\n'),
          note,
        });
      }
      previous = '';
      i = end;
    }
  }
  for (const block of blocks) {
    if (!block.note.run) continue;
    const used = `${block.code} ${block.note.until ?? ''} ${block.note.answer ?? ''}`.match(PLACEHOLDER) ?? [];
    for (const name of new Set(used)) {
      if (!placeholders.includes(name)) {
        problems.push(`docs/operations.md:${block.line}: ${name} is not in the placeholders' table of Deploying`);
      }
    }
  }
  return { blocks, placeholders, problems };
}

/**
 * A block's text with the test's values in place of the placeholders.
 * @param text a block's code or a note's address
 * @param values the test's value of each placeholder, e.g. `{ '<port>': '3160' }`
 * @throws Error naming a placeholder without a value
 */
export function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the deploy test has no value for ${name}`);
    return value;
  });
}

/**
 * The commands of the fixes the doctor prints for its problems: each piece of code in backticks after "Run" or "run"
 * on the `Fix:` line of a check marked PROBLEM (the report of `formatReport`, src/server/modules/doctor/checks.ts).
 * @param report what `npm run doctor` printed
 * @returns the commands, in the order printed
 */
export function fixCommands(report: string): string[] {
  const commands: string[] = [];
  let problem = false;
  for (const line of report.split('\n')) {
    if (/^\S/u.test(line)) problem = line.startsWith('PROBLEM ');
    const fix = /^\s+Fix: (.*)$/u.exec(line)?.[1];
    if (problem && fix !== undefined)
      commands.push(...[...fix.matchAll(/\b[Rr]un `([^`]+)`/gu)].map((m) => m[1] ?? ''));
  }
  return commands;
}

/** The ports of the deploy test, from `base` (REHEARSAL_PORT + 20): the app, https, plain http, the provider and its https. */
export function deployTestPorts(base: number) {
  return {
    app: base,
    https: base + 1,
    http: base + 2,
    provider: base + 3,
    providerHttps: base + 4,
    providerHttp: base + 5,
  };
}

/**
 * The deploy test's value of every placeholder of the table (docs/operations.md#deploying).
 * @param base the first of the test's ports
 * @param smtpUrl the loopback SMTP server's URL
 */
export function placeholderValues(base: number, smtpUrl: string): Record<string, string> {
  const ports = deployTestPorts(base);
  return {
    '<public host>': `localhost:${ports.https}`,
    '<port>': String(ports.app),
    '<database password>': 'DocsTest7dbPassword',
    '<app role password>': 'DocsTest7appPassword',
    '<google client id>': 'docs-test.apps.googleusercontent.com',
    '<google client secret>': 'docs-test-client-secret',
    '<admin e-mail>': 'ada@inspired2uplift.org',
    '<smtp url>': smtpUrl,
    '<tls>': 'internal',
  };
}
