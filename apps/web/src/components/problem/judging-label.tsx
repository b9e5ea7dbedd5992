import type { SampleDetailResponse } from '@/lib/problem/problem-types';

type Judging = SampleDetailResponse['judge'];

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;
const mib = (kib: number) => `${Number((kib / 1024).toFixed(1))} MiB`;

/**
 * How a sample's verdict was reached, so that it can be reproduced: the judge's version, the
 * limits it applied to each test (CPU time, memory) and the CPU model of the machine. Imported
 * verdicts and those judged before judge versions existed record none of it, and say so.
 */
export function JudgingLabel({ verdict, judge }: { verdict: string | null; judge: Judging }) {
  if (verdict === null) return null;
  const limits =
    judge.limitCpuMs !== null && judge.limitMemoryKib !== null
      ? `${seconds(judge.limitCpuMs)} CPU, ${mib(judge.limitMemoryKib)} per test`
      : null;
  return (
    <p
      className="muted small"
      data-testid="sample-judging"
      data-judge-version={judge.version ?? ''}
      data-limit-cpu-ms={judge.limitCpuMs ?? ''}
      data-limit-memory-kib={judge.limitMemoryKib ?? ''}
      data-machine={judge.machine ?? ''}
    >
      {judge.version === null ? (
        <span title="Imported verdicts, and verdicts reached before the judge had versions, record no judge version, limits or machine">
          Judge version not recorded
        </span>
      ) : (
        <>
          Judge version <b>{judge.version}</b>
          {limits && <> · limits {limits}</>}
          {judge.machine && <> · on {judge.machine}</>}
        </>
      )}
    </p>
  );
}
