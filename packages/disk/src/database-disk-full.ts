import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { DiskFullError, isOutOfSpace } from './disk-full';

/**
 * Turns an out-of-space error from ingesting `sources` into the database into a DiskFullError.
 * The ingest writes no file of its own (it streams into Postgres), so the disk that filled is the
 * database server's (SQLSTATE 53100, "could not extend file ...: No space left on device"). The
 * ingest is one transaction, rolled back: what it needs is about the size of its files. Any other
 * error comes back unchanged, for the caller to rethrow.
 */
export async function explainDatabaseDiskFull(err: unknown, sources: readonly string[]): Promise<unknown> {
  if (err instanceof DiskFullError || !isOutOfSpace(err)) return err;
  const sizes = await Promise.all(
    sources.map((source) =>
      stat(source).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  const dataFile = /file "([^"]+)"/.exec((err as Error).message)?.[1];
  const files = sources.length === 1 ? basename(sources[0]!) : `${sources.length} files`;
  return new DiskFullError(
    {
      device: "the database server's disk",
      path: `${dataFile ? `its data file ${dataFile}, ` : ''}importing ${files}`,
      neededBytes: sizes.reduce((a, b) => a + b, 0),
    },
    { cause: err },
  );
}
