import type { Db } from '../client';
import { cacheUntilChange } from '../notify/change-cache';
import type { ChangeFeed } from '../notify/change-feed';
import { getStudiesVersion, getStudyVersion } from './study-versions';

// Each study's version, remembered per web process until a study or checkpoint changes (the
// data feed's NOTIFY, migration 20261216090000_data_notify): readers cache by it (apps/web
// server/versioned-cache.ts) and asked for it on every request, a round trip that was ~15% of a
// cached read under load (bench:scale).

export interface StudyVersions {
  /** The version of one study's data; undefined when there is no such study. */
  study(studyId: number): Promise<string | undefined>;
  /** One version for the whole list of studies. */
  all(): Promise<string>;
}

export function cachedStudyVersions(db: Db, feed: ChangeFeed): StudyVersions {
  const cache = cacheUntilChange<string | undefined>(feed, ['study', 'checkpoint']);
  return {
    study: (studyId) => cache.get(`study:${studyId}`, () => getStudyVersion(db, studyId)),
    all: async () => (await cache.get('all', () => getStudiesVersion(db)))!,
  };
}
