import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { checkpointName } from '@frontier/core';
import YAML from 'yaml';
import { formatFromExtension } from './detect';
import { FormatError, toFormatError, type FormatLocation } from './errors';
import { manifestSchema, type EntryFormat, type ManifestRole } from './manifest-schema';
import { describeIssue, fieldPath } from './zod-issue';

export interface ManifestEntry {
  /** 0-based position in `entries`. */
  index: number;
  /** Absolute path of the results file. */
  path: string;
  /** The path as written, relative to the manifest's directory. */
  relativePath: string;
  alpha: number;
  setting: string;
  scale?: string;
  role: ManifestRole;
  /** Checkpoint name: given, or "alpha=0.25" / "7B alpha=0.25". */
  name: string;
  format: EntryFormat;
}

export interface Manifest {
  /** Absolute path of the manifest. */
  file: string;
  study: string;
  description?: string;
  benchmark?: string;
  entries: ManifestEntry[];
}

export const DEFAULT_SETTING = 'reasoning';

function parseText(file: string, text: string): unknown {
  if (formatFromExtension(file) === 'manifest') {
    const doc = YAML.parseDocument(text);
    const err = doc.errors[0];
    if (err) {
      const line = err.linePos?.[0].line;
      const location: FormatLocation = line === undefined ? { kind: 'file' } : { kind: 'line', line };
      throw new FormatError({
        file,
        location,
        detail: `malformed YAML: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      });
    }
    return doc.toJS();
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new FormatError({
      file,
      detail: `malformed JSON: ${(err as Error).message.replace(/, ".*" is not valid JSON$/s, '')}`,
    });
  }
}

/** Zod's issue path ['entries', 2, 'alpha'] becomes location "entry 2", field "alpha". */
function manifestIssueError(file: string, path: readonly PropertyKey[], detail: string): FormatError {
  if (path[0] === 'entries' && typeof path[1] === 'number') {
    const rest = path.slice(2);
    return new FormatError({
      file,
      location: { kind: 'entry', index: path[1] },
      field: rest.length ? fieldPath(rest) : undefined,
      detail,
    });
  }
  return new FormatError({ file, field: path.length ? fieldPath(path) : undefined, detail });
}

function entryFormat(file: string, index: number, path: string, given?: EntryFormat): EntryFormat {
  if (given !== undefined) return given;
  const ext = formatFromExtension(path);
  if (ext === 'json') return 'lcb';
  if (ext === 'jsonl') return 'jsonl';
  throw new FormatError({
    file,
    location: { kind: 'entry', index },
    field: 'format',
    detail: `cannot tell the format of ${JSON.stringify(path)} from its extension: set format to "lcb" or "jsonl"`,
  });
}

export interface ReadManifestOptions {
  /**
   * Results files must lie in this directory, symbolic links followed (an uploaded archive's, on a
   * server): checked before a file is looked at, so a manifest cannot even probe what exists outside.
   */
  within?: string;
}

const isInside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel !== '' && rel.split(/[\\/]/)[0] !== '..' && !isAbsolute(rel);
};

/**
 * Reads and validates a study manifest (YAML for .yaml/.yml, JSON otherwise) up front: shape,
 * finite alphas, every results file present, no checkpoint+setting listed twice.
 */
export async function readManifest(path: string, options: ReadManifestOptions = {}): Promise<Manifest> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw toFormatError(path, err);
  }
  const raw = parseText(path, text.replace(/^\uFEFF/, ''));
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new FormatError({ file: path, detail: 'expected an object with study and entries' });
  const result = manifestSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw manifestIssueError(path, issue.path, describeIssue(issue, raw).detail);
  }
  const m = result.data;
  const dir = dirname(file);
  const seen = new Map<string, number>();
  const entries: ManifestEntry[] = [];
  for (const [index, e] of m.entries.entries()) {
    const location: FormatLocation = { kind: 'entry', index };
    const setting = e.setting ?? DEFAULT_SETTING;
    const name = e.name ?? checkpointName(e.alpha, e.scale);
    const key = JSON.stringify([name, setting]);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new FormatError({
        file: path,
        location,
        field: e.name === undefined ? 'alpha' : 'name',
        detail: `checkpoint ${JSON.stringify(name)} with setting ${JSON.stringify(setting)} is also entry ${first}`,
      });
    }
    seen.set(key, index);
    const abs = resolve(dir, e.path);
    const within = options.within === undefined ? undefined : resolve(options.within);
    const outside = () =>
      new FormatError({
        file: path,
        location,
        field: 'path',
        detail: `${JSON.stringify(e.path)} is outside the archive: list the files it holds, by paths relative to the manifest`,
      });
    if (within !== undefined && !isInside(within, abs)) throw outside();
    const info = await stat(abs).catch(() => undefined);
    if (!info?.isFile()) {
      throw new FormatError({
        file: path,
        location,
        field: 'path',
        detail: `${info ? 'not a file' : 'file not found'}: ${JSON.stringify(e.path)} (${abs})`,
      });
    }
    if (within !== undefined && !isInside(await realpath(within), await realpath(abs))) throw outside();
    const entry: ManifestEntry = {
      index,
      path: abs,
      relativePath: e.path,
      alpha: e.alpha,
      setting,
      role: e.role ?? 'merged',
      name,
      format: entryFormat(path, index, e.path, e.format),
    };
    if (e.scale !== undefined) entry.scale = e.scale;
    entries.push(entry);
  }
  const manifest: Manifest = { file, study: m.study, entries };
  if (m.description !== undefined) manifest.description = m.description;
  if (m.benchmark !== undefined) manifest.benchmark = m.benchmark;
  return manifest;
}
