import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md#source-layout cannot drift from the tree: every file of the server's top level and of its
 * folders below the modules (db/, plugins/, content/) is named there, every folder of src/server/ has its line, and
 * every file or folder the server's lines name exists.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The code block of the "Source layout" section, folder by folder: "src/server/db/" → the text of its lines. */
export function layoutGroups(doc: string): Map<string, string> {
  const section = doc.slice(doc.indexOf('## Source layout'));
  const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4));
  const groups = new Map<string, string>();
  let parent = '';
  let current = '';
  for (const line of block.split('\n')) {
    const head = /^( *)(\S+\/)\s+(.*)$/u.exec(line);
    if (head !== null && (head[1] ?? '').length < 4) {
      const [, indent = '', folder = '', text = ''] = head;
      current = indent === '' ? folder : parent + folder;
      if (indent === '') parent = folder;
      groups.set(current, text);
    } else if (current !== '') {
      groups.set(current, `${groups.get(current) ?? ''} ${line.trim()}`);
    }
  }
  return groups;
}

/** The names a group's text gives to files (`name.ts`) and folders (`name/`), in order. */
export function namesIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w./*{<-])([\w.-]+(?:\.(?:ts|mjs|json)|\/))(?![\w])/gu)].map((m) => m[1] ?? '');
}

/** The app's files (no tests, no type declarations) directly in a folder. */
const sourceFilesOf = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/u.test(e.name) && !/\.(test|d)\.tsx?$/u.test(e.name))
    .map((e) => e.name)
    .sort();

/** The folder a layout line stands for; a line of `<name>/` stands for each folder there. */
const foldersOf = (dir: string): string[] =>
  dir.endsWith('<name>/')
    ? readdirSync(path.join(root, dir.slice(0, -'<name>/'.length)), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${dir.slice(0, -'<name>/'.length)}${e.name}/`)
    : [dir];

describe('docs/architecture.md#source-layout', () => {
  const groups = layoutGroups(readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8'));

  it.each(['src/server/', 'src/server/db/', 'src/server/plugins/', 'src/server/content/'])(
    'names every file of %s',
    (dir) => {
      const named = new Set(namesIn(groups.get(dir) ?? ''));
      expect(sourceFilesOf(dir).filter((file) => !named.has(file))).toEqual([]);
    },
  );

  it('has a line for every folder of src/server/, and every folder it lists there exists', () => {
    const folders = readdirSync(path.join(root, 'src', 'server'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `src/server/${e.name}/`);
    const listed = [...groups.keys()].filter((g) => g.startsWith('src/server/') && g !== 'src/server/');
    expect(listed.map((g) => g.replace(/<name>\/$/u, '')).sort()).toEqual(folders.sort());
  });

  it("names no file or folder of the server's lines that is not there", () => {
    const gone = [...groups]
      .filter(([dir]) => dir.startsWith('src/server/'))
      .flatMap(([dir, text]) =>
        // `modules/<name>/`: what it names is in every module's folder.
        foldersOf(dir).flatMap((folder) =>
          namesIn(text)
            .filter((name) => !existsSync(path.join(root, folder, name)))
            .map((name) => `${folder}${name}`),
        ),
      );
    expect(gone).toEqual([]);
  });

  it('reads the names of a line', () => {
    expect(namesIn('schema.ts, migrations/, copy.ts and copy-cli.ts (`npm run db:copy`), *.routes.ts, a/b')).toEqual([
      'schema.ts',
      'migrations/',
      'copy.ts',
      'copy-cli.ts',
    ]);
  });
});
