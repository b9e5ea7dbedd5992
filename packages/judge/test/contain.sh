#!/usr/bin/env bash
# Runs a command one level further in than the judge's own sandbox: a throwaway pid namespace
# inside capped memory and pids groups. A bug in the judge can then only kill or starve what
# this command started. Every process it starts dies when the command returns.
# Usage: contain.sh CMD [ARG...]   (root; CONTAIN_MEMORY / CONTAIN_PIDS override caps)
# cgroup v1 by default. With CONTAIN_CGROUP2=DIR (a cgroup v2 group with +memory +pids in its
# cgroup.subtree_control, and no processes) the caps are a new v2 group under DIR, which the
# command may take over: FRONTIER_JUDGE_CGROUP names it, and CONTAIN_DELEGATE_TO=UID hands it to
# that user as systemd's Delegate=yes would (its directory, cgroup.procs, cgroup.subtree_control).
set -u
if [ "${FRONTIER_CONTAINED:-}" = 1 ]; then exec "$@"; fi
if [ -n "${CONTAIN_CGROUP2:-}" ]; then
  c=$CONTAIN_CGROUP2/frontier-contain-$$
  mkdir "$c" && echo "${CONTAIN_MEMORY:-6G}" > "$c/memory.max" && echo "${CONTAIN_PIDS:-2000}" > "$c/pids.max" \
    || { echo "contain: $CONTAIN_CGROUP2 must be a cgroup v2 group with +memory +pids in its cgroup.subtree_control (run as root)" >&2; exit 2; }
  if [ -n "${CONTAIN_DELEGATE_TO:-}" ]; then
    chown "$CONTAIN_DELEGATE_TO:$CONTAIN_DELEGATE_TO" "$c" "$c/cgroup.procs" "$c/cgroup.subtree_control" "$c/cgroup.threads" || exit 2
  fi
  ( echo $BASHPID > "$c/cgroup.procs"; FRONTIER_JUDGE_CGROUP=$c FRONTIER_CONTAINED=1 exec unshare --pid --fork --mount-proc -- "$@" )
  rc=$?
  [ -e "$c/cgroup.kill" ] && echo 1 > "$c/cgroup.kill"
  # The groups the command made inside (deepest first), then the cap itself.
  for i in 1 2 3 4 5 6 7 8 9 10; do find "$c" -depth -type d -exec rmdir {} + 2>/dev/null; [ -d "$c" ] || break; sleep 0.2; done
  exit $rc
fi
mem=/sys/fs/cgroup/memory$(grep -E '^[0-9]+:([^:]*,)?memory(,[^:]*)?:' /proc/self/cgroup | cut -d: -f3)
pids=/sys/fs/cgroup/pids$(grep -E '^[0-9]+:([^:]*,)?pids(,[^:]*)?:' /proc/self/cgroup | cut -d: -f3)
cm=$mem/frontier-contain-$$; cp=$pids/frontier-contain-$$
mkdir -p "$cm" "$cp" && echo "${CONTAIN_MEMORY:-6G}" > "$cm/memory.limit_in_bytes" && echo "${CONTAIN_PIDS:-2000}" > "$cp/pids.max" \
  || { echo "contain: cgroup v1 memory and pids controllers are required (run as root)" >&2; exit 2; }
( echo $BASHPID > "$cm/cgroup.procs"; echo $BASHPID > "$cp/cgroup.procs"; FRONTIER_CONTAINED=1 exec unshare --pid --fork --mount-proc -- "$@" )
rc=$?
for i in 1 2 3 4 5 6 7 8 9 10; do rmdir "$cm" "$cp" 2>/dev/null && break; sleep 0.2; done
exit $rc
