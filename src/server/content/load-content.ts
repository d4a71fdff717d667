import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isNode, LineCounter, parseDocument } from 'yaml';
import { ICON_NAMES, roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import {
  createRoleCatalog,
  parseInclude,
  resolveRole,
  RoleConfigurationError,
  type RoleCatalog,
} from '../../shared/roles.js';

/** One problem found in the content: which file, where inside it (`scopes[0].steps[2].pdfUrl`), and what is wrong. */
export interface ContentProblem {
  /** Path of the file relative to the working directory when inside it, e.g. `content/roles/volunteer.yaml`. */
  file: string;
  /** Location inside the file, e.g. `scopes[0].steps[2].pdfUrl`; empty for the whole file. */
  path: string;
  message: string;
}

/** Thrown by {@link loadContent} with every problem found; its message has one line per problem. */
export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ContentError';
  }
}

/** Formats a problem as `file: path: message` (or `file: message` for the whole file). */
export function formatProblem(problem: ContentProblem): string {
  return problem.path === ''
    ? `${problem.file}: ${problem.message}`
    : `${problem.file}: ${problem.path}: ${problem.message}`;
}

/** The role every member falls back to; the catalog must have it (docs/product.md#role-lookup). */
export const FALLBACK_ROLE = 'volunteer';

type PathSegment = string | number;

/** `['scopes', 0, 'steps', 2, 'pdfUrl']` → `scopes[0].steps[2].pdfUrl` */
function formatPath(segments: readonly PropertyKey[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s)}`)).join('');
}

function displayFile(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
  return shown.split(path.sep).join('/');
}

const roleFileName = (key: string): string => `${key.replace(/ /g, '-')}.yaml`;

interface ParsedFile {
  file: string;
  config: RoleConfiguration;
  /** The line of a location in the source, if it can be found. */
  lineOf: (segments: readonly PathSegment[]) => number | undefined;
}

/** Reads and schema-validates one role file; problems are appended to `problems`. */
async function parseRoleFile(absolute: string, problems: ContentProblem[]): Promise<ParsedFile | undefined> {
  const file = displayFile(absolute);
  const source = await readFile(absolute, 'utf8');
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const line = lineCounter.linePos(error.pos[0]).line;
      problems.push({ file, path: '', message: `line ${line}: ${error.message.split('\n')[0]} (YAML syntax)` });
    }
    return undefined;
  }
  const lineOf = (segments: readonly PathSegment[]): number | undefined => {
    for (let n = segments.length; n >= 0; n -= 1) {
      const node: unknown = n === 0 ? doc.contents : doc.getIn(segments.slice(0, n), true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const result = roleConfigurationSchema.safeParse(doc.toJS());
  if (!result.success) {
    for (const issue of result.error.issues) {
      const segments = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
      const line = lineOf(segments);
      problems.push({
        file,
        path: formatPath(segments),
        message: line === undefined ? issue.message : `${issue.message} (line ${line})`,
      });
    }
    return undefined;
  }
  return { file, config: result.data, lineOf };
}

/** The asset file a `/content/...` address points to, or undefined when the address is not ours. */
function assetFileOf(address: string, assetsDir: string): string | undefined {
  if (!address.startsWith('/content/')) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(address.slice('/content/'.length).split(/[?#]/)[0] ?? '');
  } catch {
    return path.join(assetsDir, '\0invalid');
  }
  return path.resolve(assetsDir, relative);
}

/** How {@link crossCheck} treats file names and the addresses of files. */
export interface CrossCheckOptions {
  /** Whether each configuration's key must match its file name (YAML files; not for a catalog in the database). */
  checkFileNames: boolean;
  /** Why an address does not point to a file of ours, or undefined when it does (or is not ours to check). */
  assetProblem: (address: string) => string | undefined;
}

/** The asset problem of a content directory: `/content/...` addresses must name a file under `<contentDir>/assets`. */
export function directoryAssetProblem(contentDir: string): (address: string) => string | undefined {
  const assetsDir = path.join(contentDir, 'assets');
  return (address) => {
    const byHash = byHashOf(address);
    const asset = byHash === undefined ? assetFileOf(address, assetsDir) : path.join(assetsDir, 'by-hash', byHash);
    if (asset === undefined) return undefined;
    const inside = asset.startsWith(assetsDir + path.sep);
    if (!inside || !existsSync(asset) || !statSync(asset).isFile()) {
      return `"${address}" does not exist: put the file at ${displayFile(asset)}`;
    }
    return undefined;
  };
}

/** The address prefix of files stored in the database by SHA-256 (docs/product.md#content-studio). */
export const BY_HASH_PREFIX = '/assets/content/by-hash/';

/**
 * The SHA-256 a `/assets/content/by-hash/<sha256>` address names.
 * @returns the 64 hex digits (lower case), '' for a malformed hash, or undefined for any other address
 */
export function byHashOf(address: string): string | undefined {
  if (!address.startsWith(BY_HASH_PREFIX)) return undefined;
  const hash = address.slice(BY_HASH_PREFIX.length).split(/[?#]/)[0] ?? '';
  return /^[0-9a-f]{64}$/u.test(hash) ? hash : '';
}

/** Every role a configuration inherits, to find cycles: the first cycle through `start`, or undefined. */
function inheritanceCycle(configs: ReadonlyMap<string, RoleConfiguration>, start: string): string[] | undefined {
  const walk = (key: string, trail: string[]): string[] | undefined => {
    const config = configs.get(key);
    if (!config) return undefined;
    for (const next of config.inherits.map((k) => k.toLowerCase())) {
      if (next === start) return [...trail, next];
      if (trail.includes(next)) continue;
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

/**
 * Checks across all configurations: keys, ids, includes, inheritance (and its cycles), aliases, icons and the
 * addresses of files.
 */
function crossCheck(files: ParsedFile[], problems: ContentProblem[], options: CrossCheckOptions): void {
  const add = (f: ParsedFile, segments: PathSegment[], message: string) => {
    const line = f.lineOf(segments);
    problems.push({
      file: f.file,
      path: formatPath(segments),
      message: line === undefined ? message : `${message} (line ${line})`,
    });
  };

  const keys = new Map<string, ParsedFile>();
  for (const f of files) {
    const { key } = f.config;
    const other = keys.get(key);
    if (other) add(f, ['key'], `key "${key}" is already used by ${other.file}`);
    else keys.set(key, f);
    const expected = roleFileName(key);
    if (options.checkFileNames && path.posix.basename(f.file) !== expected) {
      add(f, ['key'], `key "${key}" must be in a file named ${expected}`);
    }
  }

  const stepIds = new Map<string, string>();
  const aliases = new Map<string, string>();
  for (const f of files) {
    const c = f.config;
    if (!(ICON_NAMES as readonly string[]).includes(c.icon))
      add(f, ['icon'], `unknown icon "${c.icon}"; use one of ${ICON_NAMES.join(', ')}`);
    c.inherits.forEach((k, i) => {
      if (!keys.has(k.toLowerCase())) add(f, ['inherits', i], `no role configuration has the key "${k}"`);
    });
    if (c.parentDepartment !== null && !keys.has(c.parentDepartment.toLowerCase())) {
      add(f, ['parentDepartment'], `no role configuration has the key "${c.parentDepartment}"`);
    }
    c.aliases.forEach((alias, i) => {
      const a = alias.toLowerCase();
      const owner = aliases.get(a);
      if (owner !== undefined) add(f, ['aliases', i], `alias "${alias}" is already used by the role "${owner}"`);
      else if (keys.has(a) && a !== c.key) add(f, ['aliases', i], `alias "${alias}" is the key of another role`);
      else aliases.set(a, c.key);
    });

    const scopeIds = new Set<string>();
    c.scopes.forEach((scope, si) => {
      if (scopeIds.has(scope.id)) add(f, ['scopes', si, 'id'], `scope id "${scope.id}" is used twice in this file`);
      scopeIds.add(scope.id);
      scope.include.forEach((entry, i) => {
        const { role, scope: scopeId } = parseInclude(entry);
        const included = keys.get(role);
        if (!included) add(f, ['scopes', si, 'include', i], `no role configuration has the key "${role}"`);
        else if (scopeId !== undefined && !included.config.scopes.some((s) => s.id === scopeId)) {
          add(f, ['scopes', si, 'include', i], `the role configuration "${role}" has no scope "${scopeId}"`);
        }
      });
      scope.steps.forEach((step, ti) => {
        const at = (...rest: PathSegment[]): PathSegment[] => ['scopes', si, 'steps', ti, ...rest];
        const where = `${f.file} (${formatPath(at())})`;
        const seen = stepIds.get(step.id);
        if (seen !== undefined) add(f, at('id'), `step id "${step.id}" is already used in ${seen}`);
        else stepIds.set(step.id, where);
        if (!(ICON_NAMES as readonly string[]).includes(step.icon)) {
          add(f, at('icon'), `unknown icon "${step.icon}"; use one of ${ICON_NAMES.join(', ')}`);
        }
        const uniqueIds = (items: readonly { id: string }[], field: 'checklist' | 'acknowledgments') => {
          const ids = new Set<string>();
          items.forEach((item, i) => {
            if (ids.has(item.id)) add(f, at('content', field, i, 'id'), `id "${item.id}" is used twice in this step`);
            ids.add(item.id);
          });
        };
        uniqueIds(step.content.checklist, 'checklist');
        uniqueIds(step.content.acknowledgments, 'acknowledgments');

        const addresses: [PathSegment[], string | undefined][] = [
          [at('pdfUrl'), step.pdfUrl],
          [at('image', 'src'), step.image?.src],
          ...step.media.map((m, i): [PathSegment[], string] => [at('media', i, 'src'), m.src]),
          ...step.content.contacts.map((p, i): [PathSegment[], string | undefined] => [
            at('content', 'contacts', i, 'picture'),
            p.picture,
          ]),
          ...step.content.helpfulLinks.map((l, i): [PathSegment[], string] => [
            at('content', 'helpfulLinks', i, 'url'),
            l.url,
          ]),
          ...(step.easyRead ?? []).map((sentence, i): [PathSegment[], string | undefined] => [
            at('easyRead', i, 'picture', 'src'),
            sentence.picture?.src,
          ]),
        ];
        for (const [segments, address] of addresses) {
          if (address === undefined) continue;
          const problem = options.assetProblem(address);
          if (problem !== undefined) add(f, segments, problem);
        }
      });
    });
  }

  const byKey = new Map(files.map((f) => [f.config.key.toLowerCase(), f.config]));
  for (const f of files) {
    const cycle = inheritanceCycle(byKey, f.config.key.toLowerCase());
    if (cycle) add(f, ['inherits'], `inheritance goes round in a circle: ${cycle.join(' → ')}`);
  }
}

/** The catalog must hold the fallback role; a file that exists but is broken is already reported. */
function checkFallbackRole(names: readonly string[], rolesDir: string, problems: ContentProblem[]): void {
  if (!names.includes(roleFileName(FALLBACK_ROLE))) {
    problems.push({
      file: displayFile(rolesDir),
      path: '',
      message: `the "${FALLBACK_ROLE}" role configuration (${roleFileName(FALLBACK_ROLE)}) is required`,
    });
  }
}

/**
 * Loads and validates every role configuration under `<contentDir>/roles/*.yaml` (docs/architecture.md#content-loading;
 * docs/product.md#scopes-and-steps). Each file is validated by the shared zod schema, then the whole catalog is
 * cross-checked: key = file name (spaces as '-'), unique keys, step ids unique across files, checklist and
 * acknowledgment ids unique within a step, `include`/`inherits`/`parentDepartment` name existing keys, aliases unique
 * (case-insensitive), icons are known lucide names (docs/product.md#scopes-and-steps), and every `/content/...` address
 * exists under `<contentDir>/assets/`.
 * @param contentDir absolute path of the content directory
 * @returns the catalog: role configurations by key
 * @throws ContentError listing every problem found (file, path inside it, message)
 */
export async function loadContent(contentDir: string): Promise<RoleCatalog> {
  const rolesDir = path.join(contentDir, 'roles');
  const problems: ContentProblem[] = [];
  let names: string[];
  try {
    names = (await readdir(rolesDir)).sort();
  } catch {
    throw new ContentError([
      { file: displayFile(rolesDir), path: '', message: 'the role configuration directory cannot be read' },
    ]);
  }
  const files: ParsedFile[] = [];
  for (const name of names) {
    if (name.endsWith('.yml')) {
      problems.push({
        file: displayFile(path.join(rolesDir, name)),
        path: '',
        message: 'rename the file to end in .yaml',
      });
      continue;
    }
    if (!name.endsWith('.yaml')) continue;
    const parsed = await parseRoleFile(path.join(rolesDir, name), problems);
    if (parsed) files.push(parsed);
  }
  crossCheck(files, problems, { checkFileNames: true, assetProblem: directoryAssetProblem(contentDir) });
  checkFallbackRole(names, rolesDir, problems);
  if (problems.length > 0) throw new ContentError(problems);
  const catalog = createRoleCatalog(files.map((f) => f.config));
  // The checks above should make every role resolvable; this catches whatever they miss.
  problems.push(...unresolved(catalog, files));
  if (problems.length > 0) throw new ContentError(problems);
  return catalog;
}

/**
 * The roles of a catalog that do not resolve (their inheritance and includes, `resolveRole`), each as a problem of its
 * file.
 * @throws what `resolveRole` throws besides a RoleConfigurationError
 */
function unresolved(catalog: RoleCatalog, files: readonly ParsedFile[]): ContentProblem[] {
  return files.flatMap((f) => {
    try {
      resolveRole(catalog, f.config.key);
      return [];
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
      return [{ file: f.file, path: '', message: error.message }];
    }
  });
}

/** The outcome of {@link checkCatalog}: the problems (role key as `file`), and the catalog when there are none. */
export interface CatalogCheck {
  problems: ContentProblem[];
  /** The parsed configurations, sorted by key; set only when there are no problems. */
  configs?: RoleConfiguration[];
}

/**
 * Checks a whole catalog held in memory (the content studio's draft or a version to publish) with the same rules as
 * {@link loadContent} (docs/product.md#content-studio): each entry against the shared zod schema, then the cross-checks
 * (unique keys and ids, includes, inheritance and its cycles, aliases, icons, addresses of files), the fallback role,
 * and that every role resolves. A problem's `file` is the role key (`#3` for an entry without a usable key).
 * @param entries the role configurations, in any order (unknown: they come from a request or the database)
 * @param assetProblem why an address points to no stored file, or undefined when it does (or is not ours)
 * @returns every problem, and the parsed configurations sorted by key when there is none
 */
export function checkCatalog(
  entries: readonly unknown[],
  assetProblem: (address: string) => string | undefined,
): CatalogCheck {
  const problems: ContentProblem[] = [];
  const files: ParsedFile[] = [];
  entries.forEach((entry, i) => {
    const rawKey = typeof entry === 'object' && entry !== null ? (entry as { key?: unknown }).key : undefined;
    const file = typeof rawKey === 'string' && rawKey.trim() !== '' ? rawKey.toLowerCase() : `#${i}`;
    const result = roleConfigurationSchema.safeParse(entry);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({
          file,
          path: formatPath(issue.path.filter((s): s is PathSegment => typeof s !== 'symbol')),
          message: issue.message,
        });
      }
      return;
    }
    files.push({ file, config: result.data, lineOf: () => undefined });
  });
  crossCheck(files, problems, { checkFileNames: false, assetProblem });
  const parsedKeys = entries.map((entry) =>
    typeof entry === 'object' && entry !== null ? (entry as { key?: unknown }).key : undefined,
  );
  if (!parsedKeys.some((k) => typeof k === 'string' && k.toLowerCase() === FALLBACK_ROLE)) {
    problems.push({ file: '', path: '', message: `the "${FALLBACK_ROLE}" role configuration is required` });
  }
  if (problems.length > 0) return { problems };
  const catalog = createRoleCatalog(files.map((f) => f.config));
  problems.push(...unresolved(catalog, files));
  if (problems.length > 0) return { problems };
  return { problems, configs: files.map((f) => f.config).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}
