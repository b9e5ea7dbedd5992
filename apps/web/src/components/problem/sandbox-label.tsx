import type { SandboxBackend } from '@frontier/core';

/**
 * Which of the judge's sandbox backends ran a sample's tests: verdicts can differ between them
 * (judge README, "Sandbox backends"). Imported verdicts were judged elsewhere and say nothing.
 */
export function SandboxLabel({ verdict, sandbox }: { verdict: string | null; sandbox: SandboxBackend | null }) {
  if (verdict === null) return null;
  return (
    <span
      className="muted small"
      data-testid="sample-sandbox"
      data-sandbox={sandbox ?? ''}
      title={sandbox ? undefined : 'imported verdicts and empty programs carry no backend'}
    >
      {sandbox ? `judged with ${sandbox}` : 'sandbox not recorded'}
    </span>
  );
}
