import type { Command } from 'commander';
import { resolveAccessMode } from '@frontier/config';
import { SHARE_TOKEN_PATTERN } from '@frontier/core';
import { findShare } from '@frontier/db';
import { writeFileAtomic } from '@frontier/disk';
import { offlineHtml } from '@frontier/formats';
import { withDatabase } from '../database';
import { env, REPO_ROOT } from '../env';
import { CliError } from '../errors';
import { offlineViewer } from '../up/build-viewer';

const HELP = `
The file holds the view's pinned data and the viewer: it opens from disk in a browser, with no
server and no network request, and stays interactive (plots with hover, the alpha slider, the
matrix's sorts). Links back to the live study need FRONTIER_PUBLIC_URL (server mode).`;

export function registerShare(program: Command): void {
  const share = program
    .command('share')
    .description('work with share links (made with the Share button of a study view)');
  share
    .command('bundle')
    .description("save a share link's view as one self-contained HTML file that opens offline")
    .argument('<token>', 'the share link or its token (the part after /s/)')
    .requiredOption('--out <file>', 'the HTML file to write (under a temporary name, renamed when complete)')
    .addHelpText('after', HELP)
    .action(async (arg: string, flags: { out: string }) => {
      const token = arg.replace(/^.*\/s\/([^/?#]+).*$/, '$1');
      if (!SHARE_TOKEN_PATTERN.test(token))
        throw new CliError(`${JSON.stringify(arg)} is not a share link or token (the part after /s/ of a link)`);
      const mode = resolveAccessMode(env());
      const origin = mode.ok && mode.value.mode === 'server' ? mode.value.publicUrl.origin : null;
      const found = await withDatabase(({ db }) => findShare(db, token));
      if (!found) throw new CliError(`no share link with token ${token} (it may have been deleted, or its study was)`);
      const viewer = offlineViewer(REPO_ROOT, (line) => process.stderr.write(`${line}\n`));
      const meta = {
        studyId: found.studyId,
        studyName: found.studyName,
        view: found.view,
        pinnedAt: found.createdAt.toISOString(),
        dataVersion: found.dataVersion,
        token,
        origin,
      };
      const html = offlineHtml(viewer, meta, JSON.stringify(found.payload));
      await writeFileAtomic(flags.out, html);
      process.stderr.write(
        `wrote ${flags.out} (${(Buffer.byteLength(html) / 1e6).toFixed(1)} MB): open it in a browser\n`,
      );
    });
}
