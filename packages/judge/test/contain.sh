#!/usr/bin/env bash
# Runs a command one level further in than the judge's own sandbox: a throwaway pid namespace
# inside cgroup v1 memory and pids groups with caps. A bug in the judge can then only kill or
# starve what this command started. Every process it starts dies when the command returns.
# Usage: contain.sh CMD [ARG...]   (root, cgroup v1; CONTAIN_MEMORY / CONTAIN_PIDS override caps)
set -u
if [ "${FRONTIER_CONTAINED:-}" = 1 ]; then exec "$@"; fi
mem=/sys/fs/cgroup/memory$(grep -E '^[0-9]+:([^:]*,)?memory(,[^:]*)?:' /proc/self/cgroup | cut -d: -f3)
pids=/sys/fs/cgroup/pids$(grep -E '^[0-9]+:([^:]*,)?pids(,[^:]*)?:' /proc/self/cgroup | cut -d: -f3)
cm=$mem/frontier-contain-$$; cp=$pids/frontier-contain-$$
mkdir -p "$cm" "$cp" && echo "${CONTAIN_MEMORY:-6G}" > "$cm/memory.limit_in_bytes" && echo "${CONTAIN_PIDS:-2000}" > "$cp/pids.max" \
  || { echo "contain: cgroup v1 memory and pids controllers are required (run as root)" >&2; exit 2; }
( echo $BASHPID > "$cm/cgroup.procs"; echo $BASHPID > "$cp/cgroup.procs"; FRONTIER_CONTAINED=1 exec unshare --pid --fork --mount-proc -- "$@" )
rc=$?
for i in 1 2 3 4 5 6 7 8 9 10; do rmdir "$cm" "$cp" 2>/dev/null && break; sleep 0.2; done
exit $rc
