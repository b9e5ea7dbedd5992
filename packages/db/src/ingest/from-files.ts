import { basename } from 'node:path';
import { checkpointName, parseCheckpointRole, type CheckpointRole } from '@frontier/core';
import {
  detectFormat,
  FormatError,
  readJsonlSamples,
  readLcbEvalFile,
  readManifest,
  DEFAULT_SETTING,
  MANIFEST_ROLES,
  type EntryFormat,
} from '@frontier/formats';
import { InvalidInputError } from '../errors';
import { sha256File } from './hash';
import type { CheckpointSpec, ProblemSamples, RunImport, StudyImport } from './types';

/** What the caller says about the file besides its content (the CLI's flags, the API's query). */
export interface ImportFields {
  study?: string;
  alpha?: number;
  setting?: string;
  scale?: string;
  role?: string;
  benchmark?: string;
}

/**
 * A field missing or wrong for this file. The message names the field as it is (`alpha ...`);
 * each caller words it as its own input from `field` and `problem` (the CLI's `--alpha`, the
 * API's query parameter 'alpha').
 */
export class ImportFieldError extends InvalidInputError {
  override name = 'ImportFieldError';
  constructor(
    readonly field: keyof ImportFields,
    /** What is wrong, e.g. "is required when importing a single results file (x.json)". */
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

export interface FromFileOptions {
  /**
   * Results files a manifest lists must lie in this directory (an uploaded archive's): on a
   * server, a manifest naming /etc/passwd or ../other-upload must not read it.
   */
  confineTo?: string;
}

function parseRole(value: string): CheckpointRole {
  const role = parseCheckpointRole(value);
  if (!role)
    throw new ImportFieldError('role', `must be one of ${MANIFEST_ROLES.join(', ')} (got ${JSON.stringify(value)})`);
  return role;
}

async function* lcbProblems(path: string): AsyncGenerator<ProblemSamples> {
  for await (const r of readLcbEvalFile(path)) {
    yield {
      problem: {
        externalId: r.questionId,
        title: r.title,
        difficulty: r.difficulty,
        platform: r.platform,
        contestDate: r.contestDate,
      },
      samples: r.samples.map((s) => ({
        idx: s.idx,
        code: s.code,
        verdict: s.verdict,
        language: 'python',
        responseChars: s.responseChars,
        completionTokens: s.completionTokens ?? null,
      })),
    };
  }
}

async function* jsonlProblems(path: string): AsyncGenerator<ProblemSamples> {
  for await (const s of readJsonlSamples(path)) {
    yield {
      problem: {
        externalId: s.problemId,
        title: s.title,
        difficulty: s.difficulty,
        platform: s.platform,
        contestDate: s.contestDate ?? null,
      },
      samples: [
        {
          idx: s.index,
          code: s.code,
          language: s.language,
          verdict: s.verdict,
          tests: s.tests,
          responseChars: s.responseChars,
          completionTokens: s.completionTokens ?? null,
        },
      ],
    };
  }
}

async function runFor(
  path: string,
  format: EntryFormat,
  checkpoint: RunImport['checkpoint'],
  setting: string,
): Promise<RunImport> {
  return {
    source: path,
    // Hashed when the import nears the file (importStudy hashes one file ahead), not all files up
    // front: the file is then still in the page cache when it is parsed. A 23 GB manifest does not
    // fit in memory, and hashing every file first made the import read each one twice from disk.
    sourceHash: () => sha256File(path),
    checkpoint,
    setting,
    problems: () => (format === 'lcb' ? lcbProblems(path) : jsonlProblems(path)),
  };
}

/**
 * The study and checkpoint of a single results file, from the caller's fields: alpha and study
 * are required (a manifest says them per file instead). Throws ImportFieldError.
 */
export function singleFileCheckpoint(
  path: string,
  fields: ImportFields,
): { study: string; checkpoint: CheckpointSpec } {
  if (fields.alpha === undefined)
    throw new ImportFieldError(
      'alpha',
      `is required when importing a single results file (${basename(path)}); or list files in a manifest`,
    );
  if (!fields.study)
    throw new ImportFieldError('study', `is required when importing a single results file (${basename(path)})`);
  const checkpoint: CheckpointSpec = {
    name: checkpointName(fields.alpha, fields.scale),
    role: fields.role ? parseRole(fields.role) : 'MERGED',
    alpha: fields.alpha,
    scale: fields.scale ?? '',
  };
  return { study: fields.study, checkpoint };
}

/**
 * Turns a results file (LCB `*_eval_all.json`, JSONL) or a manifest of many, and the caller's
 * fields, into what importStudy takes: the one ingest of the CLI and the API. Manifests are
 * validated whole (every file present, alphas numeric) before anything is read. Bad content
 * throws FormatError (file, record, field); a missing or wrong field throws ImportFieldError.
 */
export async function studyImportFromFile(
  path: string,
  fields: ImportFields,
  options: FromFileOptions = {},
): Promise<StudyImport> {
  const format = await detectFormat(path);
  if (format === 'archive')
    throw new FormatError({
      file: path,
      detail:
        'is a study archive: it holds a whole study, so it is imported as it is (frontier import FILE, without flags)',
    });
  if (format === 'manifest') {
    const m = await readManifest(path, { within: options.confineTo });
    const runs: RunImport[] = [];
    for (const e of m.entries) {
      runs.push(
        await runFor(
          e.path,
          e.format,
          { name: e.name, role: parseRole(e.role), alpha: e.alpha, scale: e.scale ?? '' },
          e.setting,
        ),
      );
    }
    return {
      study: { name: fields.study ?? m.study, description: m.description },
      benchmark: fields.benchmark ?? m.benchmark ?? 'LiveCodeBench',
      runs,
    };
  }
  const { study, checkpoint } = singleFileCheckpoint(path, fields);
  return {
    study: { name: study },
    benchmark: fields.benchmark ?? (format === 'lcb' ? 'LiveCodeBench' : 'custom'),
    runs: [await runFor(path, format, checkpoint, fields.setting ?? DEFAULT_SETTING)],
  };
}
