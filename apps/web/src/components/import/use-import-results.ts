'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet } from '@/lib/api/api-fetch';
import type { JobSummary } from '@/lib/jobs/job-summary';
import type { ImportResponse } from '@/lib/import/import-params';
import { uploadFile } from '@/lib/import/upload-file';
import { ARCHIVE_MEDIA_TYPE } from '@frontier/db/archive-format';

export type ImportPhase =
  | { step: 'idle' }
  | { step: 'uploading'; loaded: number; total: number }
  /** Every byte sent; the server is reading the file into the database. */
  | { step: 'importing' }
  /** Imported; the worker is aggregating, then the point is on the frontier. */
  | { step: 'aggregating'; result: ImportResponse }
  | { step: 'done'; result: ImportResponse }
  | { step: 'error'; message: string };

export interface ImportFields {
  alpha: string;
  setting: string;
  scale: string;
  role: string;
  /** A study archive's name here; empty: the archive's own. */
  as: string;
}

/** True when the file is a study archive (`frontier export STUDY --archive FILE`): a gzip stream. */
export async function isStudyArchive(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x1f && head[1] === 0x8b;
}

const POLL_MS = 500;

const contentTypeOf = (file: File) =>
  /\.(jsonl|ndjson)$/i.test(file.name) ? 'application/x-ndjson' : 'application/json';

/** Follows the import's aggregation job until it succeeds; a failed or cancelled one throws. */
async function waitForJob(id: number, signal: AbortSignal): Promise<void> {
  for (;;) {
    const { job } = await apiGet<{ job: JobSummary }>(`/api/jobs/${id}`, signal);
    if (job.state === 'SUCCEEDED') return;
    if (job.state === 'FAILED' || job.state === 'CANCELLED') {
      throw new Error(
        `the data was imported, but its aggregation (job ${id}) ${job.state.toLowerCase()}${job.error ? `: ${job.error}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * One import into a study: upload with progress (POST /api/imports), then wait for the aggregation
 * job, then refresh the study's queries so the new point shows on the frontier without a reload.
 */
export function useImportResults(studyId: number, studyName: string) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ImportPhase>({ step: 'idle' });
  const running = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (file: File, fields: ImportFields, archive: boolean) => {
      stop();
      const controller = new AbortController();
      running.current = controller;
      // A study archive carries its own study, checkpoints and benchmark: only a new name goes with it.
      const query = new URLSearchParams(
        archive
          ? { filename: file.name }
          : { study: studyName, alpha: fields.alpha.trim(), role: fields.role, filename: file.name },
      );
      if (archive && fields.as.trim()) query.set('as', fields.as.trim());
      if (!archive && fields.setting.trim()) query.set('setting', fields.setting.trim());
      if (!archive && fields.scale.trim()) query.set('scale', fields.scale.trim());
      setPhase({ step: 'uploading', loaded: 0, total: file.size });
      try {
        const result = await uploadFile<ImportResponse>(
          `/api/imports?${query}`,
          file,
          archive ? ARCHIVE_MEDIA_TYPE : contentTypeOf(file),
          (p) => setPhase(p.loaded >= p.total ? { step: 'importing' } : { step: 'uploading', ...p }),
          controller.signal,
        );
        if (result.aggregateJobId !== null) {
          setPhase({ step: 'aggregating', result });
          void queryClient.invalidateQueries({ queryKey: ['jobs'] });
          await waitForJob(result.aggregateJobId, controller.signal);
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['studies', studyId] }),
          queryClient.invalidateQueries({ queryKey: ['studies'], exact: true }),
          queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        ]);
        setPhase({ step: 'done', result });
      } catch (err) {
        // The server names its query parameter; here it is the dialog's name field.
        const message = (err instanceof Error ? err.message : String(err)).replaceAll(
          "the query parameter 'as'",
          'the “Name here” field',
        );
        if (!controller.signal.aborted) setPhase({ step: 'error', message });
      }
    },
    [queryClient, stop, studyId, studyName],
  );

  const reset = useCallback(() => {
    stop();
    setPhase({ step: 'idle' });
  }, [stop]);

  return { phase, start, reset };
}
