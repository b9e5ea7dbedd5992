# Per-slot supervisor of the judge ("zygote"). Started once per worker slot as root by
# src/sandbox/zygote-slot.ts with a scrubbed environment; it reads one JSON request per line on
# stdin and answers one JSON line per request on stdout (a batch: one per run, then 'done'), each
# with its request's id. Requests are served in order; Node may send the next one before this
# one is answered, so that no time is lost between them.
#
# It never forks a test itself. At start it launches the slot's template (runtime/template.py),
# a small Python process that waits in native code (serve() in native/template.c) and, per
# spawn request sent on a socket with the test's fds, forks the test process with
# clone(CLONE_PARENT) in a fresh pid namespace, in network, IPC and mount namespaces (with a fresh
# /tmp and /dev/shm) new for each sample (or each test: namespaceScope; and whenever a test left
# something behind): the test is this process's child, so wait4 gives its rusage. The test
# process mounts a fresh /proc, joins the slot's memory and pids cgroups, sets rlimits, drops to
# uid/gid 65534 and then either runs Python code in-process (no interpreter start-up: that is
# the fast path) or execs a binary through the reaper stub. When pid 1 exits the kernel kills
# everything else in its pid namespace. This process runs each test through one native call
# (run_test in native/supervisor.c: cgroup reset, pipes, the spawn request, the wait, rusage) and
# reports; the last reference to a finished sample's mount namespace goes to a helper process
# (Closer).
#
# Why two processes: a fork copies, page by page, whatever the forking process writes next
# (copy-on-write), and a Python process writes ~180 pages between two tests; the template's C
# loop writes a handful.
import _json, _signal as signal, ctypes, os, select, sys

from slot_processes import PR_SET_PDEATHSIG, Closer, Template
from slot_view import enter_hiding_namespace, enter_minimal_root, enter_user_namespace, libc


class JsonContext:
    # What _json's scanner reads from a json.JSONDecoder.
    strict, object_hook, object_pairs_hook = True, None, None
    parse_float, parse_int, parse_constant = float, int, float


scan_json = _json.make_scanner(JsonContext())
encode_json = _json.make_encoder(None, None, _json.encode_basestring_ascii, None, ':', ',', False, False, True)


def parse(text):
    value, end = scan_json(text, 0)
    if text[end:].strip():
        raise ValueError('trailing data in request')
    return value


def send(obj):
    data = (''.join(encode_json(obj, 0)) + '\n').encode()
    while data:
        data = data[os.write(1, data):]


class Slot:
    def __init__(self, cfg, pycache_prefix):
        self.roots = {k: os.open(v, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC) for k, v in cfg['roots'].items()}
        self.backend = cfg['backend']
        self.cg, self.cg_version = open_cgroup_files(cfg), CG_VERSIONS[self.backend]
        self.tick = os.sysconf('SC_CLK_TCK')
        native = ctypes.CDLL(cfg['native'])
        self.run_test, self.abort_test = native.run_test, native.abort_test
        self.run_test.argtypes = self.abort_test.argtypes = [ctypes.POINTER(Run)]
        self.out_buf = ctypes.create_string_buffer(Output.INLINE)
        self.err_buf = ctypes.create_string_buffer(8192)
        self.rep_buf = ctypes.create_string_buffer(256)
        self.ctl_buf = ctypes.create_string_buffer(128 << 10)  # PRE, CE, CODE (<= 48 KiB of hex), IE
        # Launched from the host's view (it opens its files there), then sent into the slot's.
        self.template = Template(cfg, pycache_prefix)
        if cfg.get('hide') is None and cfg.get('minimalRoot', True):
            enter_minimal_root()
        else:
            enter_hiding_namespace(cfg.get('hide'))
        mnt = os.open('/proc/self/ns/mnt', os.O_RDONLY | os.O_CLOEXEC)
        try:
            self.template.start(mnt)
        finally:
            os.close(mnt)
        self.closer = Closer()
        self.limit = self.pids_max = None
        # 'sample': a sample's tests share network, IPC and mount namespaces (README, "Threat model").
        self.fresh_ns_per_test = cfg.get('namespaceScope', 'sample') == 'test'
        cg = self.cg
        self.r = Run(template_sock=self.template.sock.fileno(), closer_sock=self.closer.sock.fileno(),
                     cg_version=self.cg_version, cg_max=cg.get('max', -1), cg_failcnt=cg.get('failcnt', -1),
                     cg_usage=cg.get('usage', -1), cg_force_empty=cg.get('forceEmpty', -1),
                     cg_pids=cg.get('pidsCurrent', -1), cg_oom=cg.get('oom', -1), ctl_buf=ctypes.addressof(self.ctl_buf),
                     ctl_cap=len(self.ctl_buf), oom_count=-1, sample_mnt=-1)
        self.r_ref = ctypes.byref(self.r)

    def write_cg(self, key, value):
        os.pwrite(self.cg[key], str(value).encode(), 0)

    def read_cg(self, key):
        return os.pread(self.cg[key], 4096, 0).decode()

    def open_in(self, ref, flags, mode=0o644):
        root, rel = ref
        return os.open(rel, flags | os.O_CLOEXEC, mode, dir_fd=self.roots[root])

    def read_source(self, req):
        text = req['code']
        try:
            return Source(text.encode())
        except UnicodeEncodeError:
            # Lone surrogates (JSON allows them) become U+FFFD, as when Node writes such a string.
            return Source(text.encode('utf-16', 'surrogatepass').decode('utf-16', 'replace').encode())

    def run(self, req, source=None, first=True):
        # first: the request's first run (a batch's first test, or a run on its own), which starts
        # in new network, IPC and mount namespaces; a batch's later tests are the same program's.
        mem = int(req['memoryBytes'])
        procs = int(req['processes'])
        r = self.r
        if self.cg_version:
            if mem != self.limit:
                self.write_cg('limit', mem)
                self.limit = mem
            if procs != self.pids_max:
                self.write_cg('pidsMax', procs)
                self.pids_max = procs
        else:
            # No cgroup: the test's rlimits (native/template.c). Its processes are counted with
            # this slot's own (supervisor, template, closer: the user namespace's only user).
            r.data_limit, r.nproc = mem, procs + ROOTLESS_OWN_PROCESSES
        self.template.set_env(req['env'])
        kind = req['kind']
        r.kind = RUN_KINDS[kind]
        strings = ()
        if kind == 'exec':
            strings = req.get('argv', ['prog'])
        elif kind == 'shell':
            strings = req['argv']
        data = b''.join(str(a).encode() + b'\0' for a in strings)
        r.strings, r.strings_len, r.argc = data, len(data), len(strings)
        r.tmp_bytes, r.fsize, r.stack = int(req['tmpBytes']), int(req['fileBytes']), int(req['stackBytes'])
        r.cpu_soft = int(float(req['cpuSeconds'])) + 1  # a backstop: the verdict uses measured CPU
        r.cpu_hard = r.cpu_soft + 1
        r.wall_ns = int(float(req['wallSeconds']) * 1e9)
        r.phase, r.stdin_fd, r.exe_fd, r.prog_fd = 0, -1, -1, -1
        r.fresh_ns = int(first or self.fresh_ns_per_test)
        own_source = kind == 'python' and source is None
        if kind != 'python':
            source = None
        out = None
        wall_cpu, wall_timeout = 0.0, False
        try:
            # Everything opened here is closed in the finally, whichever step fails.
            if req.get('stdin'):
                r.stdin_fd = self.open_in(req['stdin'], os.O_RDONLY)
            if req.get('exe'):
                r.exe_fd = self.open_in(req['exe'], os.O_RDONLY)
            if own_source:
                source = self.read_source(req)
            if source is not None:
                r.prog_fd = source.program_fd()
            out = Output(self, req)
            out.arm(req)
            while True:
                rc = self.run_test(self.r_ref)
                if rc == RUN_DONE:
                    break
                if rc == RUN_DEADLINE:
                    wall_cpu = self.tree_cpu_ms()
                    os.kill(r.w.pid, signal.SIGKILL)
                    r.w.killed, wall_timeout = 1, True
                elif rc == RUN_NEED_FILE:
                    out.spill()
                else:
                    self.run_failed()
            res = self.result(req, out, wall_cpu, wall_timeout)
        finally:
            if r.phase == 1:
                self.abort_test(self.r_ref)
            kill_test_group(self.cg)
            if out is not None:
                out.close()
            for fd in (r.stdin_fd, r.exe_fd):
                if fd >= 0:
                    os.close(fd)
            r.stdin_fd = r.exe_fd = -1
            if own_source and source is not None:
                source.close()
        code = res.pop('code', None)
        if code and source is not None and source.code is None:
            source.set_code(bytes.fromhex(code))
        return res

    def run_failed(self):
        r = self.r
        if r.step == RUN_TEMPLATE:
            self.template.gone()
        err, where = r.error & 0xffff, RUN_STEPS.get(r.step, r.step)
        if r.step == RUN_SPAWN and r.error >> 16:
            where = 'starting the test (%s)' % Template.STEPS.get(r.error >> 16, r.error >> 16)
        raise OSError(err, '%s: %s' % (where, os.strerror(err)))

    def result(self, req, out, wall_cpu, wall_timeout):
        r, w = self.r, self.r.w
        res = {'wallMs': round(r.elapsed_ns / 1e6, 3), 'outputBytes': w.out_bytes, 'ole': bool(w.ole),
               'wallTimeout': wall_timeout, 'stderr': ctypes.string_at(self.err_buf, w.err_len).decode('utf-8', 'replace')}
        if not w.ole:
            out.finish(res)
        rep = ctypes.string_at(self.rep_buf, w.rep_len)
        cpu = (r.utime_us + r.stime_us) / 1000
        maxrss = r.maxrss
        pre = 0.0
        for part in ctypes.string_at(self.ctl_buf, r.ctl_len).decode('utf-8', 'replace').split('\n'):
            if part.startswith('PRE:'):  # microseconds
                pre = int(part[4:]) / 1000
            elif part.startswith('CE:'):
                res['compileError'] = part[3:].replace('\\n', '\n')
            elif part.startswith('CODE:'):
                res['code'] = part[5:]
            elif part.startswith('IE:'):
                res['setupError'] = part[3:]
        cpu -= pre
        code, sig = exit_of(r.status)
        if rep:
            # The reaper measured the program itself: its exec carried nothing of ours.
            f = rep.decode().split()
            code, sig = int(f[0]), int(f[1])
            code, sig = (None if code < 0 else code), (sig or None)
            cpu, maxrss = (int(f[2]) + int(f[3])) / 1000, int(f[4])
        elif req['kind'] == 'exec':
            maxrss = 0  # the reaper's own figure carries our peak across its exec: use the cgroup's
            if 'setupError' not in res and not w.killed:
                res['setupError'] = 'reaper reported nothing (exit %s, signal %s)' % exit_of(r.status)
        if wall_timeout:
            cpu = max(cpu, wall_cpu)  # the reaper could not report: it was killed with the rest
        res.update({'exitCode': code, 'signal': sig, 'cpuMs': round(max(cpu, 0), 3), 'maxRssKib': maxrss,
                    'cgroupPeakKib': r.cg_peak // 1024, 'failcnt': r.failcnt, 'oomKilled': bool(r.oom_killed),
                    'leftoverProcesses': r.pids_current})
        if r.oom:
            res['outOfMemory'] = OOM_SIGNS.get(chr(r.oom), 'marked')
        if res['oomKilled'] and res.get('setupError', '').startswith('reaper reported nothing'):
            del res['setupError']  # the OOM killer took the reaper itself
        return res

    def test_pids(self):
        # The test's processes: its cgroup's, or without one pid 1 of the test and its descendants.
        if self.cg_version:
            return self.read_cg('tasks').split()
        pids, i = [str(self.r.w.pid)], 0
        while i < len(pids):
            try:
                with open('/proc/%s/task/%s/children' % (pids[i], pids[i])) as f:
                    pids.extend(f.read().split())
            except OSError:
                pass
            i += 1
        return pids

    def tree_cpu_ms(self):
        # CPU used so far by the busiest process of the test (read before the kill).
        best = 0
        for pid in self.test_pids():
            try:
                with open('/proc/%s/stat' % pid, 'rb') as f:
                    fields = f.read().rsplit(b')', 1)[1].split()
                best = max(best, int(fields[11]) + int(fields[12]))
            except (OSError, IndexError, ValueError):
                pass
        return best * 1000.0 / self.tick


CG_VERSIONS = {'cgroup1': 1, 'cgroup2': 2, 'rootless': 0}
# The first byte on a test's out-of-memory pipe (native/out_of_memory.h): what ran out. Any other
# byte is the program's own doing, and still counts (it can only turn its own failure into MLE).
OOM_SIGNS = {'m': 'malloc', 'a': 'mmap', 'E': 'MemoryError', 's': 'stack'}
ROOTLESS_OWN_PROCESSES = 3


def open_cgroup_files(cfg):
    # The slot's cgroup files by role (native/supervisor.c, struct run), opened once.
    rw, ro = os.O_RDWR | os.O_CLOEXEC, os.O_RDONLY | os.O_CLOEXEC
    cg = cfg.get('cgroup')
    if cfg['backend'] == 'cgroup1':
        mem, pids = cg['memory'], cg['pids']
        return {
            'limit': os.open(mem + '/memory.limit_in_bytes', rw), 'max': os.open(mem + '/memory.max_usage_in_bytes', rw),
            'failcnt': os.open(mem + '/memory.failcnt', rw), 'oom': os.open(mem + '/memory.oom_control', ro),
            'pidsMax': os.open(pids + '/pids.max', rw), 'pidsCurrent': os.open(pids + '/pids.current', ro),
            'usage': os.open(mem + '/memory.usage_in_bytes', ro),
            'forceEmpty': os.open(mem + '/memory.force_empty', os.O_WRONLY | os.O_CLOEXEC),
            'tasks': os.open(pids + '/cgroup.procs', ro),
        }
    if cfg['backend'] == 'cgroup2':
        d = cg['dir']
        events = os.open(d + '/memory.events', ro)
        files = {'limit': os.open(d + '/memory.max', rw), 'failcnt': events, 'oom': events,
                 'pidsMax': os.open(d + '/pids.max', rw), 'pidsCurrent': os.open(d + '/pids.current', ro),
                 'usage': os.open(d + '/memory.current', ro), 'tasks': os.open(d + '/cgroup.procs', ro),
                 'max': optional_open(d + '/memory.peak', rw), 'forceEmpty': optional_open(d + '/memory.reclaim', os.O_WRONLY | os.O_CLOEXEC),
                 'kill': optional_open(d + '/cgroup.kill', os.O_WRONLY | os.O_CLOEXEC)}
        if files['max'] >= 0 and not peak_resettable(files['max']):
            os.close(files['max'])
            files['max'] = -1  # before Linux 6.12 the peak cannot be reset per test: rusage only
        return files
    return {}


def kill_test_group(cg):
    # After each test, where the kernel has cgroup.kill (Linux >= 5.14): SIGKILL to whatever is
    # left in the slot's group, whole tree at once. Belt and braces: pid 1's exit has already
    # killed every process of the test's pid namespace (counted before this, in pidsCurrent).
    if cg.get('kill', -1) >= 0:
        os.pwrite(cg['kill'], b'1', 0)


def optional_open(path, flags):
    try:
        return os.open(path, flags)
    except OSError:
        return -1


def peak_resettable(fd):
    try:
        os.pwrite(fd, b'reset', 0)
        return True
    except OSError:
        return False


RUN_DONE, RUN_DEADLINE, RUN_NEED_FILE = 0, 1, 2
RUN_KINDS = {'python': 1, 'exec': 2, 'shell': 3}
RUN_TEMPLATE, RUN_SPAWN = 3, 4
RUN_STEPS = {1: 'slot cgroups', 2: 'pipes', 3: 'template', 4: 'starting the test', 5: 'pidfd_open',
             6: 'watching the test', 7: 'wait4'}


class Watch(ctypes.Structure):
    """struct watch of native/supervisor.c."""
    _fields_ = ([(name, ctypes.c_int64) for name in ('pid', 'pidfd', 'out_r', 'err_r', 'rep_r', 'deadline_ns',
                                                     'out_max', 'out_fd')]
                + [('out_buf', ctypes.c_void_p), ('out_cap', ctypes.c_int64), ('err_buf', ctypes.c_void_p),
                   ('err_cap', ctypes.c_int64), ('rep_buf', ctypes.c_void_p), ('rep_cap', ctypes.c_int64)]
                + [(name, ctypes.c_int64) for name in ('killed', 'ole', 'exited', 'out_bytes', 'out_len', 'err_len',
                                                       'rep_len', 'closed', 'pending', 'error')])


class Run(ctypes.Structure):
    """struct run of native/supervisor.c."""
    _fields_ = ([(name, ctypes.c_int64) for name in ('template_sock', 'closer_sock', 'cg_version', 'cg_max',
                                                     'cg_failcnt', 'cg_usage', 'cg_force_empty', 'cg_pids', 'cg_oom')]
                + [('ctl_buf', ctypes.c_void_p), ('ctl_cap', ctypes.c_int64), ('held', ctypes.c_int64 * 8)]
                + [(name, ctypes.c_int64) for name in ('nheld', 'oom_count', 'sample_mnt', 'stale', 'kind', 'stdin_fd',
                                                       'prog_fd', 'exe_fd',
                                                       'tmp_bytes', 'cpu_soft', 'cpu_hard', 'fsize', 'stack',
                                                       'data_limit', 'nproc', 'fresh_ns')]
                + [('strings', ctypes.c_char_p)]
                + [(name, ctypes.c_int64) for name in ('strings_len', 'argc', 'wall_ns', 'phase', 'ctl_r', 'started_ns')]
                + [('ns', ctypes.c_int64 * 2)]
                + [(name, ctypes.c_int64) for name in ('status', 'utime_us', 'stime_us', 'maxrss', 'elapsed_ns', 'ctl_len',
                                                       'cg_peak', 'failcnt', 'oom_killed', 'pids_current', 'step',
                                                       'error', 'failcnt_base', 'oom_r', 'oom')]
                + [('w', Watch)])


class Output:
    """A run's standard output, written to the request's file, or with `inlineOutput` sent in the
    reply when small and valid UTF-8 (the common case: no file created, truncated and flushed to
    disk per test). The native watcher fills the slot's buffer, and asks for the file when the
    output outgrows it."""
    INLINE = 64 << 10

    def __init__(self, slot, req):
        self.slot, self.ref, self.fd, self.w = slot, req['stdout'], -1, slot.r.w
        if not req.get('inlineOutput', False):
            self.fd = slot.open_in(self.ref, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)

    def arm(self, req):
        slot, w, err_max = self.slot, self.w, int(req.get('stderrBytes', 8192))
        if len(slot.err_buf) < err_max:
            slot.err_buf = ctypes.create_string_buffer(err_max)
        w.out_max, w.out_fd = int(req['outputBytes']), self.fd
        w.out_buf, w.out_cap = ctypes.addressof(slot.out_buf), len(slot.out_buf)
        w.err_buf, w.err_cap = ctypes.addressof(slot.err_buf), err_max
        w.rep_buf, w.rep_cap = ctypes.addressof(slot.rep_buf), len(slot.rep_buf)

    def spill(self):
        self.fd = self.slot.open_in(self.ref, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.write(self.fd, ctypes.string_at(self.slot.out_buf, self.w.out_len))
        self.w.out_fd, self.w.out_len = self.fd, 0

    def finish(self, res):
        if self.fd < 0:
            try:
                res['output'] = ctypes.string_at(self.slot.out_buf, self.w.out_len).decode('utf-8')
            except UnicodeDecodeError:
                self.spill()  # Node decodes it as it decodes any file

    def close(self):
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def exit_of(status):
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    return os.WEXITSTATUS(status), None


class Source:
    """A Python program for the template's tests: its source and, once a test of its batch has
    compiled it, its code object as marshal data (compiled once per batch instead of per test;
    marshal.loads is ~0.2 ms cheaper). Tests read it from a memfd, b'S' + source or the code as
    the first test sent it back, a kind byte + marshal data (see run_python in
    runtime/template.py)."""
    __slots__ = ('text', 'code', 'fd')

    def __init__(self, text):
        self.text, self.code, self.fd = text, None, -1

    def program_fd(self):
        if self.fd < 0:
            fd = os.memfd_create('program', os.MFD_CLOEXEC)
            try:
                data = self.code if self.code is not None else b'S' + self.text
                while data:
                    data = data[os.write(fd, data):]
            except BaseException:
                os.close(fd)
                raise
            self.fd = fd
        return self.fd

    def set_code(self, code):
        self.code = code
        self.close()

    def close(self):
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class Requests:
    """Request lines from fd 0 with a buffer of our own, so that a pending cancel can be polled."""

    def __init__(self):
        self.buf, self.lines, self.eof, self.cancelled = b'', [], False, set()
        self.poller = select.poll()
        self.poller.register(0, select.POLLIN)

    def _fill(self, block):
        if not block and not self.poller.poll(0):
            return False
        data = os.read(0, 1 << 16)
        if not data:
            self.eof = True
            return False
        self.buf += data
        *done, self.buf = self.buf.split(b'\n')
        for line in done:
            if line.strip():
                msg = parse(line.decode())
                if 'cancel' in msg:
                    self.cancelled.add(msg['cancel'])
                else:
                    self.lines.append(msg)
        return True

    def next(self):
        while not self.lines:
            if self.eof or not self._fill(True):
                if self.eof:
                    return None
        return self.lines.pop(0)

    def is_cancelled(self, rid):
        while not self.eof and self._fill(False):
            pass
        return rid in self.cancelled


def stops(res, limit):
    # A run the judge will not call AC (first-failure mode): the rest of the batch is skipped.
    return (res.get('exitCode') != 0 or res.get('signal') is not None or res.get('ole') or res.get('wallTimeout')
            or 'setupError' in res or 'compileError' in res or res.get('oomKilled')
            or (limit is not None and res.get('cpuMs', 0) > limit))


def main():
    # Started by `import zygote` with a pycache prefix (zygote-slot.ts), which the template is
    # started with too: compiling its file in it would leave ~2 MiB of compiler garbage on the
    # heap that every test copies.
    pycache_prefix = sys.pycache_prefix
    sys.pycache_prefix, sys.dont_write_bytecode = None, True
    cfg = parse(sys.argv[1])
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # die with the Node process
    if cfg.get('pin') is not None:
        # Slot i on the i-th allowed CPU: its tests then wake it (and it them) without a
        # cross-CPU wake-up, which on a small VM is an IPI and an exit to the hypervisor; measured
        # CPU times are steadier too. Inherited by the tests (a test may widen it for itself).
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[cfg['pin'] % len(cpus)]})
    if cfg['backend'] == 'rootless' or cfg.get('userNamespace'):
        enter_user_namespace()  # rootless, and cgroup2 when not root (src/sandbox/backend.ts)
    slot = Slot(cfg, pycache_prefix)
    send({'ready': True, 'pid': os.getpid()})
    reqs = Requests()
    while True:
        req = reqs.next()
        if req is None:
            break
        rid = req.get('id')
        if 'batch' not in req:
            try:
                res = slot.run(req)
            except BaseException as e:
                res = {'internalError': '%s: %s' % (type(e).__name__, e)}
            res['id'] = rid
            send(res)
            continue
        # A batch: one sample's tests in order, one reply line per test as it finishes; stops at
        # the first run that cannot be AC (unless the judge runs all tests) or when cancelled.
        base, ran = req['base'], 0
        stop_on_failure, cpu_limit = req.get('stopOnFailure', False), req.get('stopCpuMs')
        source = None
        # Node may send the next batch while this one runs; one cancelled before it started is skipped.
        for k, item in enumerate(req['batch'] if rid not in reqs.cancelled else ()):
            run_req = dict(base)
            run_req.update(item)
            try:
                if source is None and run_req['kind'] == 'python':
                    source = slot.read_source(run_req)
                res = slot.run(run_req, source, first=k == 0)
            except BaseException as e:
                res = {'internalError': '%s: %s' % (type(e).__name__, e)}
            res['id'], res['k'] = rid, k
            ran += 1
            send(res)
            if 'internalError' in res or (stop_on_failure and stops(res, cpu_limit)) or reqs.is_cancelled(rid):
                break
        if source is not None:
            source.close()
        reqs.cancelled.discard(rid)
        send({'id': rid, 'done': ran})


if __name__ == '__main__':
    main()
