import { readdirSync, readFileSync } from 'node:fs';

// Memory of a whole process tree (a CLI under `script`, `next start` and any child it forks),
// sampled from /proc while it runs: the peak of the tree's summed resident set.

function children(): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command may hold spaces and parentheses: the ppid is the 2nd field after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.set(ppid, [...(out.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function rssKiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The summed resident set of `pid` and its descendants now, in MiB. */
export function treeRssMiB(pid: number): number {
  const kids = children();
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    total += rssKiB(p);
    stack.push(...(kids.get(p) ?? []));
  }
  return total / 1024;
}

/** Samples the tree every `everyMs` until stopped; `stop()` gives the peak in MiB. */
export function watchTreeRss(pid: number, everyMs = 200): { stop(): number } {
  let peak = treeRssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMiB(pid))), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRssMiB(pid));
    },
  };
}
