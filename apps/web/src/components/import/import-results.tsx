'use client';

import { plural } from '@frontier/core';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { formatAlpha, formatBytes } from '@/lib/format';
import { IMPORT_ROLES } from '@/lib/import/import-params';
import { useCan } from '../caller-context';
import { ProgressBar } from '../jobs/progress-bar';
import Link from 'next/link';
import { isStudyArchive, useImportResults, type ImportFields, type ImportPhase } from './use-import-results';

const ROLE_LABELS: Record<(typeof IMPORT_ROLES)[number], string> = {
  merged: 'merged (a checkpoint on the alpha line)',
  low: 'low endpoint',
  high: 'high endpoint',
  init: 'initialisation',
};

function PhaseReport({ phase }: { phase: ImportPhase }) {
  switch (phase.step) {
    case 'idle':
      return null;
    case 'uploading':
    case 'importing': {
      const uploading = phase.step === 'uploading';
      const job = uploading
        ? { progressDone: phase.loaded, progressTotal: phase.total, state: 'RUNNING' as const }
        : { progressDone: 1, progressTotal: 1, state: 'RUNNING' as const };
      const text = uploading ? `${formatBytes(phase.loaded)} of ${formatBytes(phase.total)}` : 'Uploaded; importing…';
      return <ProgressBar job={job} text={text} testId="import-progress" />;
    }
    case 'aggregating':
      return (
        <p className="import-status" role="status" data-testid="import-aggregating">
          <span className="spinner" aria-hidden /> Imported {plural(phase.result.samples, 'sample')}; aggregating (job{' '}
          {phase.result.aggregateJobId})…
        </p>
      );
    case 'done': {
      const r = phase.result;
      if (r.archive)
        return (
          <p className="import-status" role="status" data-testid="import-done">
            <span>
              {r.archive.alreadyImported
                ? `This study is here already, as “${r.study.name}”: nothing changed. `
                : `Imported the study “${r.study.name}”: ${plural(r.archive.checkpoints, 'checkpoint')}, ${plural(r.samples, 'sample')}, ${plural(r.archive.shares, 'share link')}. `}
              <Link href={`/studies/${r.study.id}`} data-testid="import-open-study">
                Open “{r.study.name}”
              </Link>
            </span>
          </p>
        );
      const what =
        r.unchangedRuns === r.runs
          ? 'This file was already imported: nothing changed.'
          : `Imported ${plural(r.samples, 'sample')} of ${plural(r.problems, 'problem')}; the point is on the frontier.`;
      const unjudged =
        r.unjudgedSamples > 0
          ? ` ${plural(r.unjudgedSamples, 'sample')} had no verdict and ${r.unjudgedSamples === 1 ? 'is' : 'are'} queued for judging.`
          : '';
      return (
        <p className="import-status" role="status" data-testid="import-done">
          {what}
          {unjudged}
        </p>
      );
    }
    case 'error':
      return (
        <p className="field-error" role="alert" data-testid="import-error">
          {phase.message}
        </p>
      );
  }
}

/**
 * "Import results": a dialog that uploads one LCB `*_eval_all.json` (or JSONL) into this study at
 * an alpha, shows the upload's progress, then the aggregation, then the point on the frontier
 * (the study's queries are refreshed). Shown only to roles that may write; the API checks again.
 */
export function ImportResults({ studyId, studyName }: { studyId: number; studyName: string }) {
  const canWrite = useCan('write');
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { phase, start, reset } = useImportResults(studyId, studyName);
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<ImportFields>({ alpha: '', setting: '', scale: '', role: 'merged', as: '' });
  // A study archive makes a study of its own: the dialog then asks only for a name.
  const [archive, setArchive] = useState(false);
  const [invalid, setInvalid] = useState<{ field: 'file' | 'alpha'; message: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  if (!canWrite) return null;

  const busy = phase.step === 'uploading' || phase.step === 'importing' || phase.step === 'aggregating';
  const set = (key: keyof ImportFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key === 'alpha') setInvalid(null);
  };
  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setArchive(false);
    setInvalid(null);
    if (phase.step === 'done' || phase.step === 'error') reset();
    if (chosen) void isStudyArchive(chosen).then(setArchive, () => setArchive(false));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file)
      return setInvalid({
        field: 'file',
        message: 'Choose a results file (*_eval_all.json or .jsonl) or a study archive.',
      });
    if (archive) return void start(file, fields, true);
    const alpha = fields.alpha.trim();
    if (alpha === '' || !Number.isFinite(Number(alpha)))
      return setInvalid({ field: 'alpha', message: 'Alpha must be a number, e.g. 0.25.' });
    void start(file, fields, false);
  };
  const close = () => {
    // Closing stops the upload (nothing is imported) or stops following an import already made.
    reset();
    setFile(null);
    setArchive(false);
    setInvalid(null);
  };

  const err = (field: 'file' | 'alpha') =>
    invalid?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-invalid` } : {};
  return (
    <>
      <button type="button" data-testid="import-open" onClick={() => dialog.current?.showModal()}>
        Import results
      </button>
      <dialog
        ref={dialog}
        className="import-dialog"
        data-testid="import-dialog"
        aria-labelledby={`${id}-title`}
        onClose={close}
      >
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`}>{archive ? 'Import a study archive' : `Import results into “${studyName}”`}</h2>
          <div
            className={`import-drop${dragging ? ' import-drop-over' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <label htmlFor={`${id}-file`}>{archive ? 'Study archive' : 'Results file'}</label>
            <input
              id={`${id}-file`}
              type="file"
              data-testid="import-file"
              accept=".json,.jsonl,.ndjson,.gz,application/json,application/gzip"
              disabled={busy}
              onChange={(e) => choose(e.target.files?.[0])}
              {...err('file')}
            />
            <span className="muted">
              {file
                ? `${file.name} (${formatBytes(file.size)})${archive ? ': a study archive, imported as a study of its own' : ''}`
                : 'Drop a LiveCodeBench *_eval_all.json, a JSONL file or a study archive here, or choose one.'}
            </span>
          </div>
          {archive && (
            <div className="import-fields">
              <label htmlFor={`${id}-as`}>Name here</label>
              <input
                id={`${id}-as`}
                data-testid="import-as"
                autoComplete="off"
                placeholder="the archive's own"
                value={fields.as}
                disabled={busy}
                onChange={(e) => set('as')(e.target.value)}
              />
            </div>
          )}
          <div className="import-fields" hidden={archive}>
            <label htmlFor={`${id}-alpha`}>Alpha</label>
            <input
              id={`${id}-alpha`}
              data-testid="import-alpha"
              required
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 0.25"
              value={fields.alpha}
              disabled={busy}
              onChange={(e) => set('alpha')(e.target.value)}
              {...err('alpha')}
            />
            <label htmlFor={`${id}-role`}>Role</label>
            <select
              id={`${id}-role`}
              data-testid="import-role"
              value={fields.role}
              disabled={busy}
              onChange={(e) => set('role')(e.target.value)}
            >
              {IMPORT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-setting`}>Setting</label>
            <input
              id={`${id}-setting`}
              data-testid="import-setting"
              autoComplete="off"
              placeholder="reasoning"
              value={fields.setting}
              disabled={busy}
              onChange={(e) => set('setting')(e.target.value)}
            />
            <label htmlFor={`${id}-scale`}>Scale</label>
            <input
              id={`${id}-scale`}
              data-testid="import-scale"
              autoComplete="off"
              placeholder="e.g. 7B"
              value={fields.scale}
              disabled={busy}
              onChange={(e) => set('scale')(e.target.value)}
            />
          </div>
          {invalid && (
            <p id={`${id}-invalid`} className="field-error" role="alert" data-testid="import-invalid">
              {invalid.message}
            </p>
          )}
          <PhaseReport phase={phase} />
          <div className="import-actions">
            <button type="submit" data-testid="import-submit" disabled={busy}>
              {busy
                ? 'Importing…'
                : archive
                  ? 'Import the study'
                  : fields.alpha.trim() && Number.isFinite(Number(fields.alpha))
                    ? `Import at α = ${formatAlpha(Number(fields.alpha))}`
                    : 'Import'}
            </button>
            <button type="button" data-testid="import-close" onClick={() => dialog.current?.close()}>
              {phase.step === 'done' ? 'Close' : 'Cancel'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
