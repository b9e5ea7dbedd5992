import { basename } from 'node:path';
import { checkpointName, parseCheckpointRole, type CheckpointRole } from '@frontier/core';
import type { ProblemSamples, RunImport, StudyImport } from '@frontier/db';
import { detectFormat, readJsonlSamples, readLcbEvalFile, readManifest, DEFAULT_SETTING, MANIFEST_ROLES, type EntryFormat } from '@frontier/formats';
import { CliError } from '../errors';
import { sha256File } from './hash';

export interface ImportFlags {
  study?: string;
  alpha?: number;
  setting?: string;
  scale?: string;
  role?: string;
  benchmark?: string;
}

function parseRole(value: string): CheckpointRole {
  const role = parseCheckpointRole(value);
  if (!role) throw new CliError(`--role must be one of ${MANIFEST_ROLES.join(', ')} (got ${JSON.stringify(value)})`);
  return role;
}

async function* lcbProblems(path: string): AsyncGenerator<ProblemSamples> {
  for await (const r of readLcbEvalFile(path)) {
    yield {
      problem: { externalId: r.questionId, title: r.title, difficulty: r.difficulty, platform: r.platform, contestDate: r.contestDate },
      samples: r.samples.map((s) => ({ idx: s.idx, code: s.code, verdict: s.verdict, language: 'python' })),
    };
  }
}

async function* jsonlProblems(path: string): AsyncGenerator<ProblemSamples> {
  for await (const s of readJsonlSamples(path)) {
    yield {
      problem: { externalId: s.problemId, title: s.title, difficulty: s.difficulty, platform: s.platform, contestDate: s.contestDate ?? null },
      samples: [{ idx: s.index, code: s.code, language: s.language, verdict: s.verdict, tests: s.tests }],
    };
  }
}

async function runFor(path: string, format: EntryFormat, checkpoint: RunImport['checkpoint'], setting: string): Promise<RunImport> {
  return {
    source: path,
    sourceHash: await sha256File(path),
    checkpoint,
    setting,
    problems: () => (format === 'lcb' ? lcbProblems(path) : jsonlProblems(path)),
  };
}

// Turns PATH and the command-line flags into what the database importer takes. Manifests are
// validated whole (every file present, alphas numeric) before anything is read.
export async function studyImportFor(path: string, flags: ImportFlags): Promise<StudyImport> {
  const format = await detectFormat(path);
  if (format === 'manifest') {
    const m = await readManifest(path);
    const runs: RunImport[] = [];
    for (const e of m.entries) {
      runs.push(await runFor(e.path, e.format, { name: e.name, role: parseRole(e.role), alpha: e.alpha, scale: e.scale ?? '' }, e.setting));
    }
    return { study: { name: flags.study ?? m.study, description: m.description }, benchmark: flags.benchmark ?? m.benchmark ?? 'LiveCodeBench', runs };
  }
  if (flags.alpha === undefined) throw new CliError(`--alpha is required when importing a single results file (${basename(path)}); or list files in a manifest`);
  if (!flags.study) throw new CliError(`--study is required when importing a single results file (${basename(path)})`);
  const checkpoint = {
    name: checkpointName(flags.alpha, flags.scale),
    role: flags.role ? parseRole(flags.role) : 'MERGED',
    alpha: flags.alpha,
    scale: flags.scale ?? '',
  } as const;
  return {
    study: { name: flags.study },
    benchmark: flags.benchmark ?? (format === 'lcb' ? 'LiveCodeBench' : 'custom'),
    runs: [await runFor(path, format, checkpoint, flags.setting ?? DEFAULT_SETTING)],
  };
}
