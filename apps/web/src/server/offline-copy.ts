import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { offlineHtml, type OfflineDocument, type OfflineViewer } from '@frontier/formats';
import { parseView } from '../lib/share/share';
import { accessMode, findRepoRoot } from '../env';
import { HttpError } from './http-error';
import { getShare, pinView } from './shares';
import { getStudy } from './studies';

// The offline copy of a share or of a live study view: one HTML file (see @frontier/formats'
// offlineHtml) with the viewer that `npm run build -w @frontier/web` builds into apps/web/.viewer.

let cached: { mtimeMs: number; viewer: OfflineViewer } | undefined;

async function readViewer(): Promise<OfflineViewer> {
  // turbopackIgnore: read at run time; the build must not trace the repository for it.
  const dir = join(/*turbopackIgnore: true*/ findRepoRoot(process.cwd()), 'apps/web/.viewer');
  const js = join(/*turbopackIgnore: true*/ dir, 'viewer.js');
  const mtimeMs = await stat(js).then(
    (s) => s.mtimeMs,
    () => {
      throw new HttpError(
        503,
        'the offline viewer is not built: run `npm run build -w @frontier/web` (or restart with `npm start`)',
      );
    },
  );
  if (cached?.mtimeMs !== mtimeMs) {
    const [code, css] = await Promise.all([
      readFile(js, 'utf8'),
      readFile(join(/*turbopackIgnore: true*/ dir, 'viewer.css'), 'utf8'),
    ]);
    cached = { mtimeMs, viewer: { js: code, css } };
  }
  return cached.viewer;
}

/** Where links in a copy go back to: the public URL of a server; a laptop's localhost means nothing elsewhere. */
function origin(): string | null {
  const mode = accessMode();
  return mode.mode === 'server' ? mode.publicUrl.origin : null;
}

export interface OfflineCopy {
  html: string;
  headers: Record<string, string>;
}

function download(meta: Omit<OfflineDocument, 'payload'>, payloadJson: string, viewer: OfflineViewer): OfflineCopy {
  const tab = new URL(meta.view, 'http://frontier.invalid').pathname.split('/')[3] ?? 'frontier';
  const utf8 = `${meta.studyName}-${tab}.html`;
  const ascii = utf8.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+/, '') || 'frontier-view.html';
  return {
    html: offlineHtml(viewer, meta, payloadJson),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      'cache-control': 'no-store',
    },
  };
}

/** GET /api/shares/:token/bundle: the share as it is pinned. */
export async function offlineCopyOfShare(token: string): Promise<OfflineCopy> {
  const [share, viewer] = await Promise.all([getShare(token), readViewer()]);
  const meta = {
    studyId: share.studyId,
    studyName: share.studyName,
    view: share.view,
    pinnedAt: share.createdAt,
    dataVersion: share.dataVersion,
    token,
    origin: origin(),
  };
  return download(meta, JSON.stringify(share.payload), viewer);
}

/** GET /api/studies/:id/bundle?view=: a live view, pinned now as a share would pin it, not stored. */
export async function offlineCopyOfView(studyId: number, view: string): Promise<OfflineCopy> {
  const parsed = parseView(view, studyId);
  if (!parsed.ok)
    throw new HttpError(400, `invalid query parameter 'view': ${parsed.message}`, [
      { path: 'query.view', message: parsed.message },
    ]);
  const viewer = await readViewer();
  const study = await getStudy(studyId);
  const pinned = await pinView(studyId, parsed);
  const meta = {
    studyId,
    studyName: study.name,
    view: pinned.view,
    pinnedAt: new Date().toISOString(),
    dataVersion: pinned.dataVersion,
    token: null,
    origin: origin(),
  };
  return download(meta, pinned.payloadJson, viewer);
}
