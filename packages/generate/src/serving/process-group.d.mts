/** Whether `pid` runs; a zombie (exited, not yet reaped) does not count. */
export function processRunning(pid: number): boolean;
/** Whether any process of group `pgid` runs (zombies do not count). */
export function groupRunning(pgid: number): boolean;
/** Sends `signal` to every process of group `pgid`; nothing when the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void;
/** Resolves true once no process of the group runs, false after `ms`. */
export function waitGroupGone(pgid: number, ms: number): Promise<boolean>;
/** SIGTERM to the group, SIGKILL after `graceMs` if any of it still runs; true once it is gone. */
export function terminateGroup(pgid: number, graceMs: number): Promise<boolean>;
