# The slot's template: the process every Python test is a copy of. Started by the supervisor
# (runtime/zygote.py) before it enters the slot's mount namespace, with a socket to it:
#
#   python3 -I -X pycache_prefix=DIR -c '...import template; template.main()' RUNTIME_DIR \
#       SOCK_FD NATIVE_LIB CGROUP_PROCS CGROUP_PROCS REAPER UID GID PRELOAD
#
# It builds once what a test would otherwise build (lazily initialised interpreter state,
# standard streams, a __main__ module, the modules of LiveCodeBench's prelude), then waits in
# native code (serve() in native/template.c), which forks a test per request as the
# supervisor's child. A Python test returns here from serve() and runs the program in-process;
# binaries are exec'd from C.
#
# Keep this process small and its imports few beyond the preload: every test copies its page
# tables, copies each page it writes and tears all of it down at exit, and its resident set is
# the floor of a Python test's peak memory figure.
import _signal, ctypes, gc, io, marshal, os, sys, types

SERVE_EOF, SERVE_CHILD, SERVE_CONTROL = 0, 1, 2
CONTROL_HEADER = 88  # struct spawn_msg


class Serve(ctypes.Structure):
    """struct serve of native/template.c."""
    _fields_ = ([(name, ctypes.c_int64) for name in ('sock', 'clone_flags')]
                + [('cgroup_procs', ctypes.c_int64 * 2)]
                + [(name, ctypes.c_int64) for name in ('reaper', 'uid', 'gid', 'sink')]
                + [('msg', ctypes.c_void_p), ('msg_cap', ctypes.c_int64)]
                + [(name, ctypes.c_int64) for name in ('home_mnt', 'ctl_fd', 'src_fd', 'src_len', 'msg_len', 'error')])


class Fresh:
    """What a Python test starts with: standard streams and a `__main__` module, built once here and
    never used by this process, so that every test finds its own untouched copy instead of
    building them (~0.2 ms a test). The streams are those of `python3 prog.py` with pipes: built on
    this process's fds 0 and 1 (the supervisor's pipes from Node), they find them unseekable, as in
    the baseline."""

    def __init__(self):
        self.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, 'r', closefd=False)), encoding='utf-8',
                                      errors='strict')
        self.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, 'w', closefd=False)), encoding='utf-8',
                                       errors='strict')
        self.stderr = io.TextIOWrapper(io.FileIO(2, 'w', closefd=False), encoding='utf-8', errors='backslashreplace',
                                       line_buffering=True, write_through=True)
        self.main = main_module()
        # What a test replaces stays referenced, so that no test spends time tearing it down.
        self.replaced = (sys.stdin, sys.stdout, sys.stderr, sys.modules['__main__'])


def main_module():
    main = types.ModuleType('__main__')
    main.__file__ = '/tmp/solution.py'
    main.__builtins__ = __builtins__
    return main


FRESH = None


def adopt_fresh():
    # What every test would otherwise set in sys itself, on copied pages, is set once here: this
    # process never uses its own standard streams, argv, path or __main__ again (its own
    # messages go to fd 2 through the same stderr stream). Tests run from /tmp, which takes
    # the place of a script's directory in sys.path.
    sys.stdin, sys.stdout, sys.stderr = FRESH.stdin, FRESH.stdout, FRESH.stderr
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = sys.stdin, sys.stdout, sys.stderr
    sys.modules['__main__'] = FRESH.main
    sys.argv = ['solution.py']
    sys.path[0] = '/tmp'


CODE_MAX = 24 << 10  # marshal data sent on the control pipe before the program runs: fits its buffer


def warm_up():
    # State the interpreter builds lazily on first use (the AST types that compile() checks its
    # argument against, the io and codec objects of run_python) would otherwise be built again in
    # every test, on copied pages: about 1 ms per test.
    sink = io.TextIOWrapper(io.BufferedWriter(io.FileIO(os.open('/dev/null', os.O_WRONLY | os.O_CLOEXEC), 'w')),
                            encoding='utf-8', errors='strict')
    code = compile('xs = [int(s) for s in "1 2".split()]\nprint(sum(xs), max(xs), file=sink)\n', 'warm', 'exec',
                   dont_inherit=True)
    exec(code, {'__builtins__': __builtins__, 'sink': sink})
    sink.close()
    types.ModuleType('warm')


class Prelude:
    """LiveCodeBench's prelude (LCB_PRELUDE in src/lcb.ts: imports and a recursion limit), run here
    once in a `__main__` of its own. Its modules are then imported before any test (~15 ms a
    test), and a program that starts with it, as LiveCodeBench's stdin programs do, runs only the
    rest of its source in that `__main__`: running the prelude again would only rebind the same
    names to the same objects, and each of the ~600 bindings writes the object's reference count,
    copying its page (~200 pages a test)."""

    def __init__(self, text):
        self.head = text.encode()
        self.lines = self.head.count(b'\n')
        self.main = main_module()
        # Run after adopt_fresh: `from sys import *` binds the streams, argv and path tests get.
        limit = sys.getrecursionlimit()
        exec(compile(self.head, 'solution.py', 'exec', dont_inherit=True), self.main.__dict__)
        self.limit = sys.getrecursionlimit()
        sys.setrecursionlimit(limit)  # the default for programs without the prelude

    def rest(self, data):
        """The source after the prelude in data (b'S' + source), or None. Lines keep their numbers;
        a statement stands in for the prelude, so that a later `from __future__` import is still
        a SyntaxError and a later string is still not a docstring, as in the whole source."""
        if not data.startswith(self.head, 1):
            return None
        return b'0' + b'\n' * self.lines + data[1 + len(self.head):]

    def enter(self):
        # In the test: what running the prelude would have left there.
        sys.modules['__main__'] = self.main
        sys.setrecursionlimit(self.limit)
        return self.main


PRELUDE = None
RESEED = None  # random's own at-fork handler, for each test (see run_python)
# The functional harness (src/lcb.ts) sends what a solution prints to /dev/null. Opening it in a
# test builds a text stream there (codec lookup, encoder), ~40 copied pages a test; this one,
# opened here as the harness would open it, is handed to the programs that ask for it by this name.
SINK = None
SINK_NAME = '__frontier_sink'
HEAP = []  # heap_on_huge_pages(native)
# What forks of this process run to find out whether copying its blocks pays (native/huge_heap.h):
# a short functional LiveCodeBench test, compiled and run as run_python would, writing nothing.
TRIAL = b"""
import io as _io
_source = '''
from typing import List
from collections import Counter
from itertools import accumulate
import json
class Solution:
    def best(self, nums: List[int], k: int) -> int:
        c = Counter(nums)
        return max(accumulate(nums)) + sum(v for v in c.values() if v >= k)
args = [json.loads(line) for line in INPUT.split("\\\\n") if line.strip()]
OUT.write(json.dumps(Solution().best(*args)))
'''
exec(compile(_source, 'solution.py', 'exec', dont_inherit=True),
     {'__name__': '__main__', 'INPUT': '[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]\\n2\\n', 'OUT': _io.StringIO()})
"""


def heap_on_huge_pages(native):
    """Puts this process's arenas and data on huge pages and decides whether tests copy them
    (native/huge_heap.h): [blocks x 2 + 1 if copied, trial CPU copying, not copying (us, medians),
    1 if the blocks' snapshot is on huge pages]."""
    native.heap_on_huge_pages.restype = ctypes.c_longlong
    heap = native.heap_on_huge_pages(ctypes.c_char_p(TRIAL))
    trials = (ctypes.c_double * 2)()
    native.heap_trials(ctypes.byref(trials, 0), ctypes.byref(trials, 8))
    return [heap, trials[0], trials[1], native.heap_snapshot_huge()]


def warm_harness():
    # The functional harness (src/lcb.ts) reads and writes JSON.
    json = sys.modules.get('json')
    if json is not None:
        json.dumps(json.loads('[1, [2.5, "x"], {"k": null}]'))
    # LeetCode-style signatures (`nums: List[int]`) are evaluated when the method is defined, in
    # every test; typing caches each subscription (an lru_cache), so with the common ones made here
    # a test finds them instead of building them (~0.1 ms a test). The same objects come back as in
    # a fresh interpreter that built them itself: nothing a program can tell apart.
    typing = sys.modules.get('typing')
    if typing is not None:
        for x in (int, str, bool, float):
            for alias in (typing.List[x], typing.Set[x], typing.Optional[x], typing.Tuple[x, x], typing.Dict[int, x],
                          typing.Dict[str, x]):
                typing.List[alias]
                typing.Optional[alias]


def free_blocks():
    """{block size: free blocks in the small-object allocator's pools in use}, read from
    sys._debugmallocstats() (written to fd 2); {} if it cannot be read."""
    r, w = os.pipe()
    saved = os.dup(2)
    try:
        os.dup2(w, 2)
        sys._debugmallocstats()  # ~6 KiB: fits the pipe
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(w)
    chunks = []
    while True:
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(r)
    counts = {}
    for line in b''.join(chunks).decode('ascii', 'replace').split('\n'):
        f = line.split()  # class, size, pools, blocks in use, free blocks
        if len(f) == 5 and all(x.isdigit() for x in f):
            counts[int(f[1])] = int(f[4])
        elif counts:
            break
    return counts


def fill_pools():
    # Objects a test allocates first fill the free blocks of the pools this process left partly
    # used, one here and one there, each on a page the test then copies. Filled now, with objects
    # kept for good, they cost ~0.3 MiB here and save ~50 copied pages a test: a test's objects
    # then go to fresh pools, side by side.
    counts = free_blocks()
    keep = [None] * sum(counts.values())
    k = 0
    for size, n in counts.items():
        for _ in range(n):
            # An object of exactly `size` bytes: object() is 16, a float 24, bytes(n) 33 + n.
            keep[k] = object() if size <= 16 else float(k) if size <= 32 else bytes(size - 33)
            k += 1
    return keep


def run_python(ctl_w, src_fd, src_len):
    # In the test process, sandboxed and unprivileged (serve() did the set-up). The program comes
    # as b'S' + source, or as the marshal data of its code that a first test of the same sample
    # compiled and sent back (compiling once per sample saves ~0.2 ms a test): b'M' + data, or
    # b'L' + data for the rest of a program after LiveCodeBench's prelude (see Prelude). sys's
    # streams, argv, path and __main__ are already the test's (adopt_fresh).
    # First what os.fork() would run in a child and a raw clone skips: the handlers that modules
    # register with os.register_at_fork. Of the preloaded modules only random has one, which
    # reseeds its shared generator from the OS: no test repeats another's random numbers, as in
    # a fresh python3. (PyOS_AfterFork_Child, which runs them all, copies ~20 more pages a test.)
    RESEED()
    data = os.pread(src_fd, src_len, 0)
    os.close(src_fd)
    kind = data[:1]
    if kind == b'S':
        source = PRELUDE.rest(data) if PRELUDE is not None else None
        kind = b'M' if source is None else b'L'
        try:
            code = compile(data[1:] if source is None else source, 'solution.py', 'exec', dont_inherit=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError) as e:
            msg = '%s: %s (line %s)' % (type(e).__name__, e, getattr(e, 'lineno', '?'))
            os.write(ctl_w, ('CE:' + msg.replace('\n', '\\n')).encode()[:4000])
            os._exit(1)
        compiled = marshal.dumps(code)
        if len(compiled) <= CODE_MAX:
            os.write(ctl_w, b'CODE:' + (kind + compiled).hex().encode() + b'\n')
    else:
        code = marshal.loads(memoryview(data)[1:])
    os.close(ctl_w)
    del data
    main = PRELUDE.enter() if kind == b'L' else FRESH.main
    if SINK is not None:
        if kind == b'L' and SINK_NAME in code.co_consts:
            main.__dict__[SINK_NAME] = SINK  # the harness takes it out again before the solution runs
        else:
            os.close(SINK.fileno())  # no other program has this descriptor open, as under python3
    rc = 0
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        rc = exit_code(e)
    except BaseException:
        import traceback
        traceback.print_exc()
        rc = 1
    try:
        if 'threading' in sys.modules:
            sys.modules['threading']._shutdown()
    except BaseException:
        pass
    try:
        sys.stdout.flush()
    except BaseException:
        rc = rc or 120
    os._exit(rc)


def exit_code(e):
    if e.code is None:
        return 0
    if isinstance(e.code, int):
        return e.code & 0xff
    try:
        sys.stderr.write(str(e.code) + '\n')
    except BaseException:
        pass
    return 1


# Where PyTypeObject keeps what watch_memory_errors reads and writes, on 64-bit CPython 3.8-3.13:
# each field is checked against what Python reports of MemoryError before tp_new is touched.
TYPE_FIELDS = {'__basicsize__': 32, '__itemsize__': 40, '__flags__': 168, '__weakrefoffset__': 208,
               '__dictoffset__': 288}
TYPE_BASE, TYPE_NEW = 256, 312


def watch_memory_errors(native):
    """Has every MemoryError made in a test tell the supervisor (native/out_of_memory.h), caught or
    not: its type's constructor (tp_new) goes through the native library. Returns why not, or None."""
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        return 'not a 64-bit interpreter'
    word = lambda obj, at: ctypes.c_ssize_t.from_address(id(obj) + at).value
    for name, at in TYPE_FIELDS.items():
        if word(MemoryError, at) != getattr(MemoryError, name):
            return 'MemoryError.%s is not where expected' % name
    if word(MemoryError, TYPE_BASE) != id(Exception):
        return 'MemoryError.__base__ is not where expected'
    # A subclass inherits the slot; Exception's differs from MemoryError's own.
    sub = type('MemoryErrorProbe', (MemoryError,), {})
    same = word(sub, TYPE_NEW) == word(MemoryError, TYPE_NEW) != word(Exception, TYPE_NEW)
    del sub
    gc.collect()
    if not same:
        return 'MemoryError.__new__ is not where expected'
    native.watch_memory_errors.restype = None
    native.watch_memory_errors(ctypes.c_void_p(id(MemoryError) + TYPE_NEW))
    return None


def set_env(data):
    # The programs' environment (a control message of the supervisor): set here, once per change,
    # and inherited by every test, since rebuilding os.environ in a test costs ~0.3 ms.
    os.environ.clear()
    for entry in data.split(b'\0'):
        if entry:
            key, _, value = entry.partition(b'=')
            os.environ[key.decode()] = value.decode()


def main():
    sys.pycache_prefix, sys.dont_write_bytecode = None, True  # programs import like `python3 -B`
    for name in ('LD_PRELOAD', 'LD_BIND_NOW'):  # for this process only (slot_processes.py)
        os.environ.pop(name, None)
    sock, lib, mem_cg, pids_cg, reaper, uid, gid, prelude = sys.argv[1:9]
    del sys.argv[1:]
    # PyDLL: serve() keeps the GIL (this process has one thread), so that a test returning from
    # it does not write the interpreter's GIL state on copied pages.
    native = ctypes.PyDLL(lib, use_errno=True)
    cfg = Serve(sock=int(sock), clone_flags=0x20000000,  # CLONE_NEWPID
                reaper=os.open(reaper, os.O_RDONLY | os.O_CLOEXEC) if reaper else -1, uid=int(uid), gid=int(gid),
                home_mnt=-1, src_fd=-1, ctl_fd=-1, sink=-1)  # msg: the library's buffer (serve_start)
    for i, procs in enumerate((mem_cg, pids_cg)):  # cgroup.procs files, '' where the backend has none
        cfg.cgroup_procs[i] = os.open(procs, os.O_WRONLY | os.O_CLOEXEC) if procs else -1
    err = native.serve_start(ctypes.byref(cfg))
    if err:
        sys.stderr.write('template: entering the slot failed: %s\n' % os.strerror(err))
        os._exit(2)
    # The dispositions a program starts with, as under `python3 prog.py` minus Python's own
    # SIGPIPE/SIGXFSZ ignores; set once, since every test inherits them.
    for sig in (_signal.SIGPIPE, _signal.SIGXFSZ, _signal.SIGINT):
        _signal.signal(sig, _signal.SIG_DFL)
    why = watch_memory_errors(native)
    if why:
        sys.stderr.write('template: a caught MemoryError will not count as running out of memory: %s\n' % why)
    # The interpreter's code on huge pages, which each fork hands to the test whole (huge_image.h).
    native.image_on_huge_pages.restype = ctypes.c_longlong
    huge = native.image_on_huge_pages()
    if huge < 0:
        sys.stderr.write('template: the interpreter stays on its file pages: %s\n' % os.strerror(-huge))
    warm_up()
    global FRESH, PRELUDE, RESEED, SINK
    FRESH = Fresh()
    adopt_fresh()
    if prelude:
        PRELUDE = Prelude(prelude)
        warm_harness()
        SINK = open('/dev/null', 'w')
        cfg.sink = SINK.fileno()
    random = sys.modules.get('random')
    # Its C half, called directly: the Python half only resets state that no test has used yet.
    RESEED = super(random.Random, random._inst).seed if random else (lambda: None)
    gc.collect()
    FRESH.filler = fill_pools()
    gc.freeze()  # keep tests from touching (and copying) the pages of our objects
    # Last, since it measures forks of this process as tests will find it (huge_heap.h).
    HEAP.extend(heap_on_huge_pages(native))
    serve = native.serve
    ref = ctypes.byref(cfg)
    while True:
        rc = serve(ref)
        if rc == SERVE_CHILD:
            run_python(cfg.ctl_fd, cfg.src_fd, cfg.src_len)  # never returns
        elif rc == SERVE_CONTROL:
            set_env(ctypes.string_at(cfg.msg + CONTROL_HEADER, cfg.msg_len - CONTROL_HEADER))
        else:
            if rc != SERVE_EOF:
                sys.stderr.write('template: %s\n' % os.strerror(cfg.error))
            os._exit(0 if rc == SERVE_EOF else 3)
