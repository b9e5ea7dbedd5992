// POST /api/imports: one LCB file, JSONL file or manifest archive, streamed to the disk, then the
// CLI's own ingest (studyImportFromFile + importStudy: one transaction, idempotent by the files'
// hashes). Free of Next and of the app's env so a test can drive it with a Request and a database.
import { basename, extname, join, sep } from 'node:path';
import { mkdir } from 'node:fs/promises';
import {
  ArchiveConflictError,
  ArchiveError,
  archiveReport,
  importArchive,
  importReport,
  importStudy,
  ImportFieldError,
  studyImportFromFile,
  type Db,
  type ImportFields,
} from '@frontier/db';
import { explainDatabaseDiskFull } from '@frontier/disk';
import { detectFormat, FormatError } from '@frontier/formats';
import { ARCHIVE_MEDIA_TYPE } from '@frontier/db/archive-format';
import {
  IMPORT_MEDIA_TYPES,
  type ImportBodyKind,
  type ImportQuery,
  type ImportResponse,
} from '../lib/import/import-params';
import { HttpError } from './http-error';
import { declaredLength } from './content-length';
import { checkDeclaredLength, extractArchive, spool, withUploadDir } from './upload';

export interface ImportUpload {
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
  query: ImportQuery;
}

export interface ImportContext {
  db: Db;
  /** Uploads go to `<dataDir>/uploads/`, removed when the request ends. */
  dataDir: string;
  maxBytes: number;
  /** The caller (server mode), recorded on the import's jobs. */
  createdById: string | null;
}

function bodyKind(contentType: string | null): ImportBodyKind {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const kind = IMPORT_MEDIA_TYPES[type as keyof typeof IMPORT_MEDIA_TYPES];
  if (kind) return kind;
  const accepted = Object.keys(IMPORT_MEDIA_TYPES).join(', ');
  throw new HttpError(
    415,
    `send the file as one of ${accepted}: an LCB *_eval_all.json as application/json, JSONL as application/x-ndjson, a manifest with its files as a tar archive, a study archive as ${ARCHIVE_MEDIA_TYPE} (Content-Type was ${JSON.stringify(type || 'missing')})`,
  );
}

/** The upload's file name: the client's (for messages), with the extension its media type implies. */
function fileName(given: string | undefined, kind: 'lcb' | 'jsonl'): string {
  const ext = kind === 'lcb' ? '.json' : '.jsonl';
  const name =
    basename((given ?? '').replaceAll('\\', '/'))
      .replace(/[^\w.\- ]/g, '_')
      .slice(0, 200) || `upload${ext}`;
  if (kind === 'lcb') return extname(name).toLowerCase() === '.json' ? name : `${name}${ext}`;
  return ['.jsonl', '.ndjson'].includes(extname(name).toLowerCase()) ? name : `${name}${ext}`;
}

/** The path of the file to ingest, from the body: the file itself, or an archive's manifest. */
async function receive(
  upload: ImportUpload,
  kind: Exclude<ImportBodyKind, 'study'>,
  dir: string,
  maxBytes: number,
): Promise<{ path: string; root: string }> {
  const body = upload.body;
  if (!body) throw new HttpError(400, 'the request has no body: send the results file (or the archive) as the body');
  const declaredBytes = declaredLength(upload.contentLength);
  if (kind !== 'archive') {
    const path = join(dir, fileName(upload.query.filename, kind));
    await spool(body, path, { maxBytes, declaredBytes });
    const format = await detectFormat(path);
    if (format === 'archive')
      throw new HttpError(400, `${basename(path)} is a study archive: send it as ${ARCHIVE_MEDIA_TYPE}`);
    if (format === 'manifest') {
      throw new HttpError(
        400,
        `${basename(path)} starts with '{', not '[': a manifest goes in a tar archive with its results files (application/x-tar), and JSONL is sent as application/x-ndjson`,
      );
    }
    return { path, root: dir };
  }
  const root = join(dir, 'files');
  await mkdir(root);
  await spool(body, join(dir, 'upload.tar'), { maxBytes, declaredBytes, unpacks: true });
  const files = await extractArchive(join(dir, 'upload.tar'), root, maxBytes);
  const wanted = upload.query.manifest?.replace(/^\.\//, '');
  const manifest = wanted ?? files[0];
  if (manifest === undefined)
    throw new HttpError(400, 'the archive holds no file: put the manifest first, then its results files');
  if (!files.includes(manifest))
    throw new HttpError(400, `the archive holds no file ${JSON.stringify(manifest)} (query parameter 'manifest')`);
  const path = join(root, manifest);
  if ((await detectFormat(path)) !== 'manifest') {
    throw new HttpError(
      400,
      `${manifest} is not a manifest: an archive's first file (or the one named by the query parameter 'manifest') must be the manifest (.yaml, .yml, or .json starting with '{')`,
    );
  }
  return { path, root };
}

/** FormatError and flag errors as 400s, naming the client's file names, not the server's temporary paths. */
function clientError(err: unknown, dir: string): unknown {
  if (err instanceof FormatError) {
    const message = [join(dir, 'files') + sep, dir + sep].reduce((m, prefix) => m.replaceAll(prefix, ''), err.message);
    return new HttpError(400, `${message}; nothing was imported`);
  }
  if (err instanceof ImportFieldError) return new HttpError(400, `query parameter '${err.field}' ${err.problem}`);
  return err;
}

const RESULTS_FIELDS = ['study', 'alpha', 'setting', 'scale', 'role', 'benchmark', 'manifest'] as const;

/**
 * A study archive: spooled to the disk, then rebuilt in one transaction (nothing written unless
 * the whole archive checks out). 409 when its name is another study's and no `as` is given.
 */
async function receiveStudyArchive(upload: ImportUpload, dir: string, ctx: ImportContext): Promise<ImportResponse> {
  const given = RESULTS_FIELDS.filter((f) => upload.query[f] !== undefined);
  if (given.length)
    throw new HttpError(
      400,
      `a study archive carries its own study, checkpoints and benchmark: leave out the query parameters ${given.map((f) => `'${f}'`).join(', ')} (use 'as' to rename the study)`,
    );
  const body = upload.body;
  if (!body) throw new HttpError(400, 'the request has no body: send the study archive as the body');
  const path = join(dir, 'study.frontier.gz');
  await spool(body, path, { maxBytes: ctx.maxBytes, declaredBytes: declaredLength(upload.contentLength) });
  const name = basename((upload.query.filename ?? '').replaceAll('\\', '/')) || 'the study archive';
  try {
    return archiveReport(await importArchive(ctx.db, path, { as: upload.query.as, displayName: name }));
  } catch (err) {
    if (err instanceof ArchiveError) throw new HttpError(400, `${err.message}; nothing was imported`);
    if (err instanceof ArchiveConflictError)
      throw new HttpError(409, err.message.replaceAll('--as NAME', "the query parameter 'as'"));
    throw await explainDatabaseDiskFull(err, [path]);
  }
}

/** Receives and imports one upload; the temporary files are gone when it returns or throws. */
export async function receiveImport(upload: ImportUpload, ctx: ImportContext): Promise<ImportResponse> {
  const kind = bodyKind(upload.contentType);
  checkDeclaredLength(upload.contentLength, ctx.maxBytes);
  if (kind !== 'study' && upload.query.as !== undefined)
    throw new HttpError(
      400,
      `query parameter 'as' renames a study archive; this upload is not one (${upload.contentType})`,
    );
  return withUploadDir(ctx.dataDir, async (dir) => {
    if (kind === 'study') return receiveStudyArchive(upload, dir, ctx);
    try {
      const { path, root } = await receive(upload, kind, dir, ctx.maxBytes);
      const { query } = upload;
      const fields: ImportFields = {
        study: query.study,
        alpha: query.alpha,
        setting: query.setting,
        scale: query.scale,
        role: query.role,
        benchmark: query.benchmark,
      };
      const input = await studyImportFromFile(path, fields, { confineTo: root });
      // A full disk here is the database server's (as in the CLI's import).
      const summary = await importStudy(ctx.db, input, { createdById: ctx.createdById, queuedVia: 'web' }).catch(
        async (err: unknown) => {
          throw await explainDatabaseDiskFull(
            err,
            input.runs.map((r) => r.source),
          );
        },
      );
      return importReport(input.study.name, summary);
    } catch (err) {
      throw clientError(err, dir);
    }
  });
}
