import 'server-only';
import { cachedStudyVersions, listenForChanges, type ChangeFeed } from '@frontier/db';
import { getDb } from './db';
import { notFound } from './http-error';
import { processOnce } from './process-once';

// Read results that depend only on a study's data are computed once per version of that data and
// then served from memory. The versions themselves are remembered until Postgres says a study or
// checkpoint changed (cachedStudyVersions): the read path under load is two map lookups.
const entries = new Map<string, Promise<unknown>>();
const MAX_ENTRIES = 256;

export function cachedByVersion<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const id = `${key}@${version}`;
  let entry = entries.get(id) as Promise<T> | undefined;
  if (!entry) {
    entry = compute();
    entry.catch(() => entries.delete(id));
    entries.set(id, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return entry;
}

/**
 * This process's feed of data changes (one LISTEN connection; migration *_data_notify): what is
 * remembered until the tables it comes from change subscribes to it.
 */
export const dataFeed: () => Promise<ChangeFeed> = processOnce('frontierDataFeed', async () =>
  listenForChanges(await getDb(), 'frontier_data_changed'),
);

const versions = processOnce('frontierStudyVersions', async () => cachedStudyVersions(await getDb(), await dataFeed()));

/** The version of one study's data; a 404 HttpError when there is no such study. */
export async function studyVersion(studyId: number): Promise<string> {
  const version = await (await versions()).study(studyId);
  if (version === undefined) throw notFound(`no study with id ${studyId}`);
  return version;
}

/** One version for the whole list of studies (any study added, removed or changed moves it). */
export async function allStudiesVersion(): Promise<string> {
  return (await versions()).all();
}
