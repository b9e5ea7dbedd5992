import type { StudyConfig } from '@frontier/db';

/** One line of a study's evaluation settings as the study page shows them. */
export interface SettingRow {
  label: string;
  value: string;
  /** Shown as code (a command, a URL). */
  code?: boolean;
}

/** What a researcher needs to know about how new alphas of the study are evaluated. */
export function describeEvaluation(config: StudyConfig): SettingRow[] {
  const rows: SettingRow[] = [...describeServing(config.backend)];
  rows.push({ label: 'Samples per problem', value: String(config.samplesPerProblem) });
  if (config.backend.kind === 'openai') {
    rows.push({ label: 'Temperature', value: String(config.backend.temperature) });
    // Which samples get an exact token count (docs/guide/pipeline.md, "Response length").
    const b = config.backend;
    rows.push({
      label: 'Token counts',
      value: b.returnTokenIds
        ? "each sample's, from the server's token ids"
        : b.samplesPerRequest === 1
          ? "each sample's, from the server's usage"
          : `none: ${b.samplesPerRequest} samples a request share one usage (ask for token ids)`,
    });
  }
  rows.push({ label: 'Seed', value: String(config.seed) });
  if (config.judge.lcbCompat)
    rows.push({ label: 'Judge', value: "LiveCodeBench-compatible (its evaluator's quirks reproduced)" });
  // Verdicts can differ between sandbox backends; a study may require one (`--judge-backend`).
  rows.push({ label: 'Judge backend', value: config.judge.backend ? `${config.judge.backend} only` : 'any' });
  rows.push({ label: 'Merged checkpoints', value: `${config.checkpointsDir}/alpha=<alpha>`, code: true });
  return rows;
}

function describeServing(backend: StudyConfig['backend']): SettingRow[] {
  if (backend.kind === 'toy') return [{ label: 'Checkpoints served', value: 'toy policy, inside the worker' }];
  const s = backend.serving;
  const key: SettingRow[] = backend.apiKeyEnv
    ? [{ label: 'API key', value: `$${backend.apiKeyEnv} on each worker`, code: true }]
    : [];
  switch (s.mode) {
    case 'launch':
      return [
        {
          label: 'Checkpoints served',
          value: `launch: a server started per checkpoint (model "${s.model}", start-up timeout ${Math.round(s.startupTimeoutMs / 1000)} s)`,
        },
        { label: 'Command', value: s.command, code: true },
        ...key,
      ];
    case 'reload':
      return [
        { label: 'Checkpoints served', value: `reload: the running ${s.engine} server loads each checkpoint in turn` },
        { label: 'Server', value: s.baseUrl, code: true },
        ...key,
      ];
    case 'named':
      return [
        { label: 'Checkpoints served', value: `named: a server you run serves each checkpoint as "${s.model}"` },
        { label: 'Server', value: s.baseUrl, code: true },
        ...key,
      ];
  }
}
