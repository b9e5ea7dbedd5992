// GET /api/studies/:id/export: the rows `frontier export` writes, as a download streamed while it
// is read (constant memory whatever the study's size). Free of Next and of the app's env so a
// test can drive it with a database.
import { countUndatedProblems, getStudySummary, studyExport, type Db } from '@frontier/db';
import { TABLE_FORMATS } from '@frontier/formats';
import type { ExportQuery } from '../lib/study/export-params';
import { notFound } from './http-error';

export interface ExportDownload {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
}

/** `<study name>[-samples].<ext>`, in ASCII for `filename=` (the name as is goes in `filename*=`). */
export function exportFilename(studyName: string, query: ExportQuery): { ascii: string; utf8: string } {
  const suffix = `${query.samples ? '-samples' : ''}.${TABLE_FORMATS[query.format].extension}`;
  const ascii = studyName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'study';
  return { ascii: ascii + suffix, utf8: studyName + suffix };
}

/** Pulls one chunk from the export per read: a client that reads slowly slows the database reads. */
function byteStream(chunks: AsyncGenerator<string | Uint8Array>, studyId: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
      } catch (err) {
        // The status line is long sent: the client sees a cut download, the operator this line.
        console.error(`export of study ${studyId} failed mid-stream: ${(err as Error).message}`);
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined); // the client went away: stop reading
    },
  });
}

/** The export's body and headers; a 404 HttpError for an unknown study, before anything is sent. */
export async function exportDownload(db: Db, studyId: number, query: ExportQuery): Promise<ExportDownload> {
  const study = await getStudySummary(db, studyId);
  if (!study) throw notFound(`no study with id ${studyId}`);
  const { ascii, utf8 } = exportFilename(study.name, query);
  const window = { ...(query.from && { from: query.from }), ...(query.to && { to: query.to }) };
  const undated = await countUndatedProblems(db, studyId, window);
  const chunks = studyExport(db, studyId, {
    format: query.format,
    samples: query.samples ?? false,
    code: query.code ?? false,
    includeExcluded: query.includeExcluded ?? false,
    window,
  });
  return {
    body: byteStream(chunks, studyId),
    headers: {
      'content-type': TABLE_FORMATS[query.format].mediaType,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      'cache-control': 'no-store',
      // Problems a release window left out for want of a date (0 without a window).
      'x-frontier-undated': String(undated),
    },
  };
}
