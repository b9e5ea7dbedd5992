// A share's view and payload name the study, its checkpoints and its problems by their ids in the
// database that pinned them. An import renumbers those rows, so the link's view and pinned data
// are renumbered the same way: the shared page then shows what it showed, and its links lead to
// the imported study's pages. Ids the maps do not know (a view naming no checkpoint) stay as they are.

export interface ShareIdMaps {
  study: { from: number; to: number };
  checkpoints: ReadonlyMap<number, number>;
  problems: ReadonlyMap<number, number | null>;
}

const mapped = (map: ReadonlyMap<number, number | null>, id: unknown): unknown =>
  typeof id === 'number' ? (map.get(id) ?? id) : id;

const mappedKey = (map: ReadonlyMap<number, number | null>, key: string): string =>
  /^\d+$/.test(key) ? String(map.get(Number(key)) ?? key) : key;

/** The view (path and query) with the study's path and the checkpoint parameters renumbered. */
export function renumberView(view: string, maps: ShareIdMaps): string {
  const url = new URL(view, 'http://frontier.invalid');
  const prefix = `/studies/${maps.study.from}`;
  const path =
    url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)
      ? `/studies/${maps.study.to}${url.pathname.slice(prefix.length)}`
      : url.pathname;
  const search = new URLSearchParams(url.search);
  for (const key of ['a', 'b'] as const) {
    const v = search.get(key);
    if (v !== null && /^\d+$/.test(v)) search.set(key, mappedKey(maps.checkpoints, v));
  }
  const c = search.get('c');
  if (c !== null)
    search.set(
      'c',
      c
        .split(',')
        .map((part) => mappedKey(maps.checkpoints, part))
        .join(','),
    );
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

interface PinnedStudyData {
  studyId?: unknown;
  checkpoints?: { id?: unknown }[];
  problems?: { id?: unknown }[];
  excluded?: { id?: unknown }[];
}

/** The payload (facets, datasets, queries; see the web app's SharePayload) renumbered in place. */
export function renumberPayload(payload: unknown, maps: ShareIdMaps): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  const p = payload as { datasets?: Record<string, PinnedStudyData>; queries?: { key?: unknown[]; data?: unknown }[] };
  for (const data of Object.values(p.datasets ?? {})) {
    if (data.studyId === maps.study.from) data.studyId = maps.study.to;
    for (const c of data.checkpoints ?? []) c.id = mapped(maps.checkpoints, c.id);
    for (const pr of data.problems ?? []) pr.id = mapped(maps.problems, pr.id);
    for (const x of data.excluded ?? []) x.id = mapped(maps.problems, x.id);
  }
  for (const q of p.queries ?? []) {
    // ['studies', studyId, 'evidence', filters, a, b]: the triage tab's first-failing-tier evidence.
    if (!Array.isArray(q.key) || q.key[0] !== 'studies') continue;
    if (q.key[1] === maps.study.from) q.key[1] = maps.study.to;
    if (q.key[2] === 'evidence') {
      q.key[4] = mapped(maps.checkpoints, q.key[4]);
      q.key[5] = mapped(maps.checkpoints, q.key[5]);
      const tiers = (q.data as { failTiers?: Record<string, Record<string, unknown>> } | undefined)?.failTiers;
      if (tiers) {
        (q.data as { failTiers: unknown }).failTiers = Object.fromEntries(
          Object.entries(tiers).map(([cp, byProblem]) => [
            mappedKey(maps.checkpoints, cp),
            Object.fromEntries(Object.entries(byProblem).map(([pr, hist]) => [mappedKey(maps.problems, pr), hist])),
          ]),
        );
      }
    }
  }
  return payload;
}
