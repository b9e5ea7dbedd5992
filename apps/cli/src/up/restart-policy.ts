// When `frontier up` restarts a child that ended unexpectedly, and when it gives up.

export interface RestartPolicy {
  /** Delay before the first restart; each further restart within the window doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Restarts allowed within `windowMs`; the next exit inside the window gives up. */
  maxRestarts: number;
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRestarts: 5,
  windowMs: 10 * 60_000,
};

/** The delay before restart number `restart` (1 for the first): 1 s, 2 s, 4 s ... capped. */
export function backoffMs(restart: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (restart - 1));
}

export type RestartPlan =
  { giveUp: false; restart: number; delayMs: number; history: number[] } | { giveUp: true; restarts: number };

/**
 * What to do about an exit at `now`, given the times of the earlier restarts. Only restarts
 * within the window count, so a child that ran for longer than the window starts afresh (first
 * delay again, full allowance); one that keeps failing soon after starting is given up on.
 */
export function planRestart(
  history: readonly number[],
  now: number,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): RestartPlan {
  const recent = history.filter((at) => now - at < policy.windowMs);
  if (recent.length >= policy.maxRestarts) return { giveUp: true, restarts: recent.length };
  const restart = recent.length + 1;
  return { giveUp: false, restart, delayMs: backoffMs(restart, policy), history: [...recent, now] };
}
