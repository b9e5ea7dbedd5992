// The template moves the interpreter's read-only pages to huge pages (native/huge_image.h): a
// judged Python test must find them there when the kernel grants huge pages, and the template
// must be able to put the file's own mappings back when it does not.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureTemplateLib } from '../src/sandbox/native';
import { canContain, canRootless, NOBODY, runContained, specDir } from './fixtures/run-contained';
import { thpFallbacks, thpGranted } from './fixtures/thp';

const fixtures = join(import.meta.dirname, 'fixtures');

// Prints the kB of huge pages in the anonymous executable mappings of the test's own process.
const HUGE_TEXT = `import re
huge, current = 0, None
for line in open("/proc/self/smaps"):
    f = line.split()
    if re.match(r"^[0-9a-f]+-[0-9a-f]+$", f[0]):
        current = f
    elif f[0] == "AnonHugePages:" and current[1].startswith("r-x") and len(current) == 5:
        huge += int(f[1])
print("huge" if huge >= 2048 else "small %d" % huge)`;

// The template's arenas and data (native/huge_heap.h): how many 2 MiB blocks they fill and whether the
// template chose to copy them into each test; if so, the test's own copies are on huge pages. The
// library that catches the arenas is the template's LD_PRELOAD (with LD_BIND_NOW): programs must not
// inherit either. Last, whether interning new names writes any page outside the blocks: the table of
// interned strings must be in the heap's block (HEAP_MMAP_THRESHOLD), not in an mmap of its own,
// where each of its pages a test writes is a copy-on-write fault.
const HEAP_TEXT = `import os, re, sys
def small_dirty():
    kib, current = [], None
    for line in open("/proc/self/smaps"):
        f = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+$", f[0]):
            current = f
        elif f[0] == "Private_Dirty:" and len(current) == 5:
            kib.append(int(f[1]))
        elif f[0] == "AnonHugePages:" and len(current) == 5 and int(f[1]) > 0:
            kib[-1] = 0
    return sum(kib)
before = small_dirty()
for i in range(300):
    sys.intern("frontier_probe_%d" % i)
interned = "interned in place" if small_dirty() == before else "interned elsewhere +%d KiB" % (small_dirty() - before)
heap = sys.modules["template"].HEAP[0]
blocks, copied = heap // 2, heap % 2
huge, current = 0, None
for line in open("/proc/self/smaps"):
    f = line.split()
    if re.match(r"^[0-9a-f]+-[0-9a-f]+$", f[0]):
        current = f
    elif (f[0], current[1]) in (("AnonHugePages:", "rw-p"), ("ShmemPmdMapped:", "rw-s")):
        huge += int(f[1])
print("blocks" if blocks >= 1 else "none", "copied" if not copied or huge >= blocks * 2048 else "shared %d" % huge,
      os.environ.get("LD_PRELOAD", os.environ.get("LD_BIND_NOW", "clean")),
      "snapshot on huge pages" if not copied or sys.modules["template"].HEAP[3] else "snapshot on small pages", interned)`;

// Tests fill the blocks from the template's snapshot (native/huge_heap.h), taken whenever serve()
// is entered: the judge's environment, set by a control message after the template's warm-up,
// must reach every test, and the program's own forks must find its memory, not empty blocks, and a
// copy of it, not the sample's file that its blocks are (a child's writes must not reach its
// parent, nor the parent's its child).
const SNAPSHOT_TEXT = `import os, time
seen = [0]
child = os.fork()
if child == 0:
    seen[0] = 7
    time.sleep(0.2)
    os._exit(0 if sorted(os.environ) == ["HOME", "LANG", "PATH"] and seen == [7] else 3)
time.sleep(0.1)
seen.append(1)
_, status = os.waitpid(child, 0)
print(" ".join("%s=%s" % kv for kv in sorted(os.environ.items())), os.waitstatus_to_exitcode(status), seen)`;

// A sample's tests share one file as their blocks (native/huge_heap.h, "A sample's blocks"): each
// must find them as the template's snapshot has them, whatever an earlier test of the sample wrote
// there. The first test marks the last page that is zero in the snapshot, the second must find none
// marked ("clean" twice; "dirty" where a test's writes reached the next).
const REWRITE_TEXT = `import ctypes, re
blocks, current = [], None
for line in open("/proc/self/smaps"):
    f = line.split()
    if re.match(r"^[0-9a-f]+-[0-9a-f]+$", f[0]):
        current = f
    elif f[0] in ("AnonHugePages:", "ShmemPmdMapped:") and int(f[1]) > 0 and current[1][:2] == "rw":
        blocks.append([int(x, 16) for x in current[0].split("-")])
mark = bytes(range(7, 71))
pages = [at for start, end in blocks for at in range(start, end, 4096)]
dirty = any(ctypes.string_at(at, 64) == mark for at in pages)
zero = [at for at in pages if ctypes.string_at(at, 4096).count(0) == 4096]
if zero:
    ctypes.memmove(zero[-1], mark, 64)
print("dirty" if dirty else "clean" if zero else "no zero page")`;

// The blocks' constants (the executable's read-only data there) are read by a sample's first test
// only: what a program writes there reaches its own later tests (the threat model's "What the tests
// of one sample share"), never another sample's, which starts from a file of its own.
// Debian's python3.11 is linked at 0x400000: its constants end in the block at 0x800000; elsewhere the
// programs find no such block and check nothing.
const CONST_BLOCK = `import ctypes
at = 0x800000 + 40960 if any(l.startswith("00800000-") and " rw-s " in l for l in open("/proc/self/maps")) else 0
`;
const CONST_MARK = `${CONST_BLOCK}if at:
    ctypes.memmove(at, b"FRONTIER", 8)
print("ok")`;
const CONST_CHECK = `${CONST_BLOCK}print("leak" if at and ctypes.string_at(at, 8) == b"FRONTIER" else "ok")`;

describe('the interpreter on huge pages', () => {
  const dir = specDir('frontier-judge-huge-');

  const backends = [
    { backend: 'cgroup1', asUser: undefined, can: canContain },
    { backend: 'rootless', asUser: NOBODY, can: canRootless },
  ] as const;
  /** The verdicts of two tests of `code`, each expecting `output`. */
  const verdicts = ({ backend, asUser }: (typeof backends)[number], code: string, output: string) => {
    const outcome = runContained(
      {
        benchmark: { problems: [{ id: 'huge', tests: [1, 2].map(() => ({ input: '', output, tier: 1 })) }] },
        samples: [{ id: 'huge', problemId: 'huge', language: 'python', code }],
        allTests: true,
        workers: 1,
        backend,
      },
      dir(),
      {},
      { asUser },
    );
    const r = outcome.results[0]!;
    expect(r.sandbox).toBe(backend);
    return [r.tests.map((t) => t.verdict), JSON.stringify(r)] as const;
  };
  /**
   * The verdicts of a program that checks memory is on huge pages: tried again once where the
   * kernel reported it had none to give meanwhile, and skipped (not passed) where it still had none,
   * since that is the machine's state (memory fragmented by other work), not the judge's.
   */
  const onHugePages = (b: (typeof backends)[number], code: string, output: string, skip: (note: string) => never) => {
    for (let attempt = 1; ; attempt++) {
      const fallbacks = thpFallbacks();
      const [got, detail] = verdicts(b, code, output);
      const kernelHadNone = thpFallbacks() > fallbacks;
      if (got.every((v) => v === 'AC') || !kernelHadNone) return [got, detail] as const;
      if (attempt === 2)
        skip(
          'the kernel fell back to small pages (/proc/vmstat thp_*_fallback grew) twice: no huge pages to test with',
        );
    }
  };

  for (const b of backends) {
    const { backend, can } = b;
    it.skipIf(!can || !thpGranted)(
      `reaches a judged Python test on huge pages (${backend})`,
      ({ skip }) => {
        const [got, detail] = onHugePages(b, HUGE_TEXT, 'huge\n', skip);
        expect(got, detail).toEqual(['AC', 'AC']);
      },
      120_000,
    );
    it.skipIf(!can || !thpGranted)(
      `keeps the template's arenas in huge blocks, copied whole where that is faster (${backend})`,
      ({ skip }) => {
        const [got, detail] = onHugePages(
          b,
          HEAP_TEXT,
          'blocks copied clean snapshot on huge pages interned in place\n',
          skip,
        );
        expect(got, detail).toEqual(['AC', 'AC']);
      },
      120_000,
    );
    it.skipIf(!can || !thpGranted)(
      `gives each test of a sample its blocks as the snapshot has them (${backend})`,
      ({ skip }) => {
        const [got, detail] = onHugePages(b, REWRITE_TEXT, 'clean\n', skip);
        expect(got, detail).toEqual(['AC', 'AC']);
      },
      120_000,
    );
    it.skipIf(!can)(
      `gives each test the template's current state, and the program's forks its own (${backend})`,
      () => {
        const [got, detail] = verdicts(b, SNAPSHOT_TEXT, 'HOME=/tmp LANG=C.UTF-8 PATH=/usr/bin:/bin 0 [0, 1]\n');
        expect(got, detail).toEqual(['AC', 'AC']);
      },
      120_000,
    );
  }

  it.skipIf(!canContain || !thpGranted)(
    "keeps what a program writes to the blocks' constants from the next sample",
    () => {
      const outcome = runContained(
        {
          benchmark: { problems: [{ id: 'c', tests: [1, 2].map(() => ({ input: '', output: 'ok\n', tier: 1 })) }] },
          samples: [
            { id: 'mark', problemId: 'c', language: 'python', code: CONST_MARK },
            { id: 'check', problemId: 'c', language: 'python', code: CONST_CHECK },
          ],
          allTests: true,
          workers: 1,
          backend: 'cgroup1',
        },
        dir(),
        {},
      );
      expect(
        outcome.results.map((r) => r.tests.map((t) => t.verdict)),
        JSON.stringify(outcome.results),
      ).toEqual([
        ['AC', 'AC'],
        ['AC', 'AC'],
      ]);
    },
    120_000,
  );

  it.skipIf(!thpGranted)('stops copying the blocks, and keeps serving, when one is no longer whole', () => {
    const lib = ensureTemplateLib(dir());
    // A python3 built as a template is makes its blocks; then a hole in one, as a trim of the brk
    // heap would make: the last page of the executable's data block, past its .bss, unused.
    const script = `import ctypes, os, re, sys
sys.path.insert(0, sys.argv[1])
import template
native = ctypes.PyDLL(sys.argv[2])
heap = template.heap_on_huge_pages(native)[0]
if heap % 2 == 0:
    print("shared"); sys.exit()
native.heap_refreshed.restype = ctypes.c_int
before = native.heap_refreshed()
current = None
for line in open("/proc/self/smaps"):
    f = line.split()
    if re.match(r"^[0-9a-f]+-[0-9a-f]+$", f[0]):
        current = f
    elif f[0] == "AnonHugePages:" and int(f[1]) > 0 and current[1] == "rw-p":
        break
end = int(current[0].split("-")[1], 16)
libc = ctypes.CDLL(None, use_errno=True)
assert libc.munmap(ctypes.c_void_p(end - 4096), ctypes.c_size_t(4096)) == 0
print("copied", before, native.heap_refreshed(), sum(i * i for i in range(1000)))`;
    const out = execFileSync(
      '/usr/bin/python3',
      ['-I', '-c', script, join(import.meta.dirname, '..', 'runtime'), lib],
      {
        encoding: 'utf8',
        env: { PATH: '/usr/bin:/bin', LD_PRELOAD: lib },
      },
    ).trim();
    // Where copying is slower here, the template shares the blocks from the start: nothing to stop.
    expect(['shared', 'copied 1 0 332833500']).toContain(out);
  });

  it('puts the file mappings back when the copy will not do', () => {
    const lib = join(dir(), 'probe.so');
    execFileSync('gcc', ['-O2', '-shared', '-fPIC', '-o', lib, join(fixtures, 'huge_image_probe.c')]);
    // In a python3 of its own: copy over its interpreter, check, restore, check, and keep running.
    const script = `import ctypes, os, sys
lib = ctypes.CDLL(sys.argv[1], use_errno=True)
lo, hi = ctypes.c_size_t(), ctypes.c_size_t()
size = lib.probe_blocks(ctypes.byref(lo), ctypes.byref(hi))
if size <= 0:
    print("no blocks", size); sys.exit()
def mapping(at):
    for line in open("/proc/self/maps"):
        f = line.split()
        start, end = (int(x, 16) for x in f[0].split("-"))
        if start <= at < end:
            return f[1], f[5] if len(f) > 5 else ""
before = mapping(lo.value)
assert lib.probe_copy() == 0
copied = mapping(lo.value)
assert lib.probe_restore() == 0
after = mapping(lo.value)
print(before[1] == os.path.realpath(sys.executable), copied, after == before, sum(i * i for i in range(1000)))`;
    const out = execFileSync('/usr/bin/python3', ['-I', '-c', script, lib], { encoding: 'utf8' }).trim();
    if (out.startsWith('no blocks')) return; // an executable of less than one huge page: nothing to move
    expect(out).toBe("True ('r-xp', '') True 332833500");
  });
});
