import type { Db } from '../client';
import { listenForChanges } from '../notify/change-feed';
import { getStudiesVersion, getStudyVersion } from './study-versions';

// Each study's version, remembered per web process: readers cache by it (apps/web
// server/versioned-cache.ts) and asked for it on every request, a round trip that was ~15% of a
// cached read under load (bench:scale). Nothing goes stale: a trigger NOTIFYs on any change to
// studies or checkpoints (migration 20261216090000_study_notify) and every version is forgotten at
// once; while the LISTEN connection is down, nothing is remembered.

const CHANNEL = 'frontier_study_changed';

export interface StudyVersions {
  /** The version of one study's data; undefined when there is no such study. */
  study(studyId: number): Promise<string | undefined>;
  /** One version for the whole list of studies. */
  all(): Promise<string>;
  /** Whether it is listening for changes, and so remembering. */
  listening(): boolean;
  close(): Promise<void>;
}

export function cachedStudyVersions(db: Db): StudyVersions {
  const known = new Map<number | 'all', string>();
  const feed = listenForChanges(db, CHANNEL, () => known.clear());

  async function remembered<T extends string | undefined>(key: number | 'all', read: () => Promise<T>): Promise<T> {
    const hit = feed.listening() ? known.get(key) : undefined;
    if (hit !== undefined) return hit as T;
    const seen = feed.generation();
    const version = await read();
    // A change that landed while it was read may not be in it: keep it only if none did.
    if (version !== undefined && feed.listening() && seen === feed.generation()) known.set(key, version);
    return version;
  }

  return {
    study: (studyId) => remembered(studyId, () => getStudyVersion(db, studyId)),
    all: () => remembered('all', () => getStudiesVersion(db)),
    listening: feed.listening,
    close: feed.close,
  };
}
