import type { SampleDetailResponse } from '@/lib/problem/problem-types';
import { verdictColor } from './verdict-colors';

/** One box per hidden test, in test order, grouped by tier: verdict, CPU time and peak memory. */
export function TestStrip({ sample }: { sample: SampleDetailResponse }) {
  const notRun = Math.max(0, sample.testsTotal - sample.tests.length);
  if (sample.tests.length === 0)
    return (
      <p className="muted" data-testid="test-strip-empty">
        No per-test record for this sample
        {sample.verdict === null ? ' (not judged yet)' : ' (imported results carry only the verdict)'}.
      </p>
    );
  return (
    <div className="pb-strip" data-testid="test-strip" data-tests={sample.tests.length}>
      {sample.tests.map((t, i) => {
        const newTier = i === 0 || sample.tests[i - 1]!.tier !== t.tier;
        return (
          <div
            key={t.ordinal}
            className={`pb-test${newTier ? ' tier-start' : ''}`}
            data-testid="test-box"
            data-ordinal={t.ordinal}
            data-tier={t.tier ?? ''}
            data-verdict={t.verdict}
            data-cpu-ms={t.cpuMs ?? ''}
            data-peak-kib={t.peakKib ?? ''}
            title={`test ${t.ordinal + 1}, tier ${t.tier ?? '?'}: ${t.verdict}, ${t.cpuMs ?? '?'} ms CPU, ${t.peakKib ?? '?'} KiB peak`}
          >
            <span className="pb-test-tier">{newTier ? `tier ${t.tier ?? '?'}` : ' '}</span>
            <span className="pb-test-verdict" style={{ background: verdictColor(t.verdict) }}>
              {t.verdict}
            </span>
            <span className="pb-test-num">{t.cpuMs ?? '—'} ms</span>
            <span className="pb-test-num">{t.peakKib === null ? '—' : `${t.peakKib} KiB`}</span>
          </div>
        );
      })}
      {notRun > 0 && (
        <div
          className="pb-test pb-test-notrun"
          data-testid="tests-not-run"
          title="Judging stops at the first failing test"
        >
          <span className="pb-test-tier"> </span>
          <span className="pb-test-verdict">+{notRun}</span>
          <span className="pb-test-num">not run</span>
        </div>
      )}
    </div>
  );
}
