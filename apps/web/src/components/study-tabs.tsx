'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { FILTER_KEYS } from '@/lib/study/filters';
import { STATS_KEYS } from '@/lib/stats/stats-params';
import { STUDY_TABS as TABS } from '@/lib/study/study-tabs';

export function StudyTabs({ studyId }: { studyId: number }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const kept = new URLSearchParams();
  for (const key of [...FILTER_KEYS, ...STATS_KEYS]) {
    const v = search.get(key);
    if (v !== null) kept.set(key, v);
  }
  const suffix = kept.size ? `?${kept.toString()}` : '';
  const base = `/studies/${studyId}`;
  return (
    <nav className="study-tabs" aria-label="Study views">
      {TABS.map((t) => {
        const href = `${base}${t.href}`;
        const active = t.href === '' ? pathname === base : pathname.startsWith(href);
        return (
          <Link
            key={t.href}
            href={`${href}${suffix}`}
            data-testid={t.testId}
            aria-current={active ? 'page' : undefined}
            className={active ? 'active' : undefined}
          >
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
