// Process groups on Linux, read from /proc. Plain JavaScript: the guard (guard.mjs) runs under
// plain node, without a TypeScript loader, and shares this with the launcher.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A process's state letter and process group, or undefined when it is gone. */
function stat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may hold spaces and parentheses: count fields after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], pgrp: Number(fields[2]) };
}

// A zombie has exited and only waits to be reaped, which PID 1 of a container may never do.
const running = (s) => s !== undefined && s.state !== 'Z' && s.state !== 'X';

export function processRunning(pid) {
  return running(stat(pid));
}

export function groupRunning(pgid) {
  return readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    const s = stat(entry);
    return s?.pgrp === pgid && running(s);
  });
}

export function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

export async function waitGroupGone(pgid, ms) {
  const until = Date.now() + ms;
  while (groupRunning(pgid)) {
    if (Date.now() >= until) return false;
    await sleep(50);
  }
  return true;
}

export async function terminateGroup(pgid, graceMs) {
  if (!groupRunning(pgid)) return true;
  signalGroup(pgid, 'SIGTERM');
  if (await waitGroupGone(pgid, graceMs)) return true;
  signalGroup(pgid, 'SIGKILL');
  // A process stuck in the kernel (a GPU driver call) dies only when that call returns.
  return waitGroupGone(pgid, 10_000);
}
