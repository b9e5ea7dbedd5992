# Per-slot supervisor of the judge ("zygote"). Started once per worker slot as root by
# src/sandbox/zygote-slot.ts with a scrubbed environment; it reads one JSON request per line on
# stdin and answers one JSON line per request on stdout.
#
# It never forks a test itself. At start it launches the slot's template (runtime/template.py),
# a small Python process that waits in native code (serve() in native/supervisor.c) and, per
# spawn request sent on a socket with the test's fds, makes a fresh mount namespace (with a
# fresh /tmp and /dev/shm) and forks the test process with clone(CLONE_PARENT) in fresh pid, ipc
# and network namespaces: the test is this process's child, so wait4 gives its rusage. The test
# process mounts a fresh /proc, joins the slot's memory and pids cgroups, sets rlimits, drops to
# uid/gid 65534 and then either runs Python code in-process (no interpreter start-up: that is
# the fast path) or execs a binary through the reaper stub. When pid 1 exits the kernel kills
# everything else in its pid namespace. This process prepares each test (cgroups, pipes), waits
# for it (native watch_test) and reports; the last reference to a finished test's mount
# namespace goes to a helper process (Closer).
#
# Why two processes: a fork copies, page by page, whatever the forking process writes next
# (copy-on-write), and a Python process writes ~180 pages between two tests; the template's C
# loop writes a handful.
import _json, _signal as signal, _socket, ctypes, os, select, stat, struct, sys, time

libc = ctypes.CDLL(None, use_errno=True)
O_PATH = 0o10000000
CLONE_NEWNS = 0x20000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_RDONLY, MS_REC, MS_PRIVATE = 2, 4, 8, 1, 0x4000, 1 << 18
AT_FDCWD, AT_RECURSIVE = -100, 0x8000
MOUNT_ATTR_RDONLY, MOUNT_ATTR_NOSUID, MOUNT_ATTR_NODEV = 1, 2, 4
SYS_mount_setattr = 442  # x86_64 and aarch64
SYS_pivot_root = {'x86_64': 155, 'aarch64': 41}.get(os.uname().machine, 155)
MS_BIND, MNT_DETACH = 0x1000, 2
PR_SET_PDEATHSIG = 1
VISIBLE = {'usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'etc', 'dev', 'proc'}


class MountAttr(ctypes.Structure):
    _fields_ = [('attr_set', ctypes.c_uint64), ('attr_clr', ctypes.c_uint64),
                ('propagation', ctypes.c_uint64), ('userns_fd', ctypes.c_uint64)]


def check(rc, what):
    if rc != 0:
        e = ctypes.get_errno()
        raise OSError(e, '%s: %s' % (what, os.strerror(e)))


def mount(src, target, fstype, flags, data=None):
    check(libc.mount(src.encode(), target.encode(), fstype.encode() if fstype else None, flags,
                     data.encode() if data else None), 'mount ' + target)


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
        mem, pids = cfg['memoryCgroup'], cfg['pidsCgroup']
        rw = os.O_RDWR | os.O_CLOEXEC
        self.cg = {
            'limit': os.open(mem + '/memory.limit_in_bytes', rw),
            'max': os.open(mem + '/memory.max_usage_in_bytes', rw),
            'failcnt': os.open(mem + '/memory.failcnt', rw),
            'oom': os.open(mem + '/memory.oom_control', os.O_RDONLY | os.O_CLOEXEC),
            'pidsMax': os.open(pids + '/pids.max', rw),
            'pidsCurrent': os.open(pids + '/pids.current', os.O_RDONLY | os.O_CLOEXEC),
            'usage': os.open(mem + '/memory.usage_in_bytes', os.O_RDONLY | os.O_CLOEXEC),
            'forceEmpty': os.open(mem + '/memory.force_empty', os.O_WRONLY | os.O_CLOEXEC),
            'tasks': os.open(pids + '/cgroup.procs', os.O_RDONLY | os.O_CLOEXEC),
        }
        self.tick = os.sysconf('SC_CLK_TCK')
        native = ctypes.CDLL(cfg['native'])
        self.watch_test = native.watch_test
        self.watch_test.argtypes = [ctypes.POINTER(Watch)]
        self.out_buf = ctypes.create_string_buffer(Output.INLINE)
        self.err_buf = ctypes.create_string_buffer(8192)
        self.rep_buf = ctypes.create_string_buffer(256)
        # Launched from the host's view (it opens its files there), then sent into the slot's.
        self.template = Template(cfg, pycache_prefix)
        if cfg.get('hide') is None and cfg.get('minimalRoot', True):
            self.enter_minimal_root()
        else:
            self.enter_template_namespace(cfg.get('hide'))
        mnt = os.open('/proc/self/ns/mnt', os.O_RDONLY | os.O_CLOEXEC)
        try:
            # With freshNetwork false the template makes one empty network namespace for the
            # slot's tests: no interface is up and no process of an earlier test survives it.
            self.template.start(mnt)
        finally:
            os.close(mnt)
        self.closer = Closer()
        self.limit = self.pids_max = self.oom_count = None

    def enter_template_namespace(self, hide):
        # A private mount namespace for this slot in which the whole tree is read-only and every
        # top-level directory except the system ones is covered by an empty read-only tmpfs.
        # Each test then copies it (CLONE_NEWNS) and only adds its own /tmp, /dev/shm and /proc.
        check(libc.unshare(CLONE_NEWNS), 'unshare mnt')
        attr = MountAttr(MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0, MS_PRIVATE, 0)
        check(libc.syscall(SYS_mount_setattr, AT_FDCWD, b'/', AT_RECURSIVE, ctypes.byref(attr), ctypes.sizeof(attr)),
              'mount_setattr /')
        names = hide if hide is not None else sorted(n for n in os.listdir('/') if n not in VISIBLE)
        for name in names:
            path = name if name.startswith('/') else '/' + name
            try:
                if not stat.S_ISDIR(os.lstat(path).st_mode):
                    continue  # never follow a symlink such as /bin -> usr/bin
            except FileNotFoundError:
                continue
            mount('tmpfs', path, 'tmpfs', MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, 'size=4k,mode=555')
        for path in ('/dev/shm', '/dev/mqueue'):
            if os.path.isdir(path):
                mount('tmpfs', path, 'tmpfs', MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, 'size=4k,mode=555')

    def enter_minimal_root(self):
        # The same view as enter_template_namespace's with far fewer mounts (each test's mount
        # namespace copies, then tears down, every one of them): a new read-only tmpfs root in
        # which the system directories are bind mounts of the host's and every other top-level
        # directory is an empty directory; top-level files are not carried over.
        check(libc.unshare(CLONE_NEWNS), 'unshare mnt')
        mount('none', '/', None, MS_REC | MS_PRIVATE)
        new = '/tmp'  # only the mount point of the new root, inside this private namespace
        mount('tmpfs', new, 'tmpfs', MS_NOSUID | MS_NODEV, 'size=64k,mode=755')
        for name in sorted(os.listdir('/')):
            src, dst = '/' + name, new + '/' + name
            st = os.lstat(src)
            if stat.S_ISLNK(st.st_mode):
                if name in VISIBLE:
                    os.symlink(os.readlink(src), dst)  # e.g. /bin -> usr/bin, resolved in the new root
            elif stat.S_ISDIR(st.st_mode):
                os.mkdir(dst, 0o555)
                if name in VISIBLE:
                    mount(src, dst, None, MS_BIND | MS_REC)
        os.mkdir(new + '/.old')
        check(libc.syscall(SYS_pivot_root, new.encode(), (new + '/.old').encode()), 'pivot_root')
        os.chdir('/')
        check(libc.umount2(b'/.old', MNT_DETACH), 'umount old root')
        os.rmdir('/.old')
        for path in ('/dev/shm', '/dev/mqueue'):
            if os.path.isdir(path):
                mount('tmpfs', path, 'tmpfs', MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, 'size=4k,mode=555')
        attr = MountAttr(MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0, MS_PRIVATE, 0)
        check(libc.syscall(SYS_mount_setattr, AT_FDCWD, b'/', AT_RECURSIVE, ctypes.byref(attr), ctypes.sizeof(attr)),
              'mount_setattr /')

    def write_cg(self, key, value):
        os.pwrite(self.cg[key], str(value).encode(), 0)

    def read_cg(self, key):
        return os.pread(self.cg[key], 4096, 0).decode()

    def open_in(self, ref, flags, mode=0o644):
        root, rel = ref
        return os.open(rel, flags | os.O_CLOEXEC, mode, dir_fd=self.roots[root])

    def read_source(self, req):
        fd = self.open_in(req['source'], os.O_RDONLY)
        try:
            return Source(os.read(fd, 1 << 26))
        finally:
            os.close(fd)

    def run(self, req, source=None):
        mem = int(req['memoryBytes'])
        if mem != self.limit:
            self.write_cg('limit', mem)
            self.limit = mem
        if int(self.read_cg('usage')) > (4 << 20):
            # Page cache charged by an earlier run (a compiler reading headers) would otherwise
            # count towards this run's peak. The group is empty, so this only drops caches.
            # (Below 4 MiB it is kernel memory freed lazily; reclaiming it costs more than it skews.)
            self.write_cg('forceEmpty', 0)
        self.write_cg('max', 0)
        self.write_cg('failcnt', 0)
        procs = int(req['processes'])
        if procs != self.pids_max:
            self.write_cg('pidsMax', procs)
            self.pids_max = procs
        oom_before = self.oom_count if self.oom_count is not None else self.oom_kills()
        self.oom_count = None  # re-read next time unless this run completes
        self.template.set_env(req['env'])

        kind = req['kind']
        stdin = self.open_in(req['stdin'], os.O_RDONLY) if req.get('stdin') else os.open('/dev/null', os.O_RDONLY | os.O_CLOEXEC)
        out_r, out_w = os.pipe2(os.O_CLOEXEC)
        err_r, err_w = os.pipe2(os.O_CLOEXEC)
        ctl_r, ctl_w = os.pipe2(os.O_CLOEXEC)
        # The reaper's report pipe is only needed for an exec'd program.
        rep_r, rep_w = os.pipe2(os.O_CLOEXEC) if kind == 'exec' else (-1, -1)
        exe = self.open_in(req['exe'], os.O_RDONLY) if req.get('exe') else -1
        own_source = kind == 'python' and source is None
        if kind != 'python':
            source = None
        elif own_source:
            source = self.read_source(req)
        theirs = [stdin, out_w, err_w, ctl_w]
        strings = ()
        if kind == 'python':
            theirs.append(source.program_fd())
        elif kind == 'exec':
            theirs += [rep_w, exe]
            strings = req.get('argv', ['prog'])
        else:
            strings = req['argv']
        out = Output(self, req)
        watch = out.watch(req, out_r, err_r, rep_r)
        cpu_soft = int(float(req['cpuSeconds'])) + 1  # a backstop: the verdict uses measured CPU
        started = time.monotonic()
        watch.deadline_ns = int((started + float(req['wallSeconds'])) * 1e9)
        try:
            try:
                pid, mnt = self.template.spawn(kind, theirs, int(req['tmpBytes']), cpu_soft, cpu_soft + 1,
                                               int(req['fileBytes']), int(req['stackBytes']), strings)
            finally:
                for fd in (stdin, out_w, err_w, ctl_w, rep_w, exe):
                    if fd >= 0:
                        os.close(fd)
            try:
                res = self.supervise(req, pid, started, watch, out, ctl_r)
            finally:
                self.closer.drop(*mnt)
        finally:
            out.close()
            for fd in (out_r, err_r, ctl_r, rep_r):
                if fd >= 0:
                    os.close(fd)
            if own_source:
                source.close()
        res['cgroupPeakKib'] = int(self.read_cg('max')) // 1024
        res['failcnt'] = int(self.read_cg('failcnt'))
        self.oom_count = self.oom_kills()
        res['oomKilled'] = self.oom_count > oom_before
        if res['oomKilled'] and res.get('setupError', '').startswith('reaper reported nothing'):
            del res['setupError']  # the OOM killer took the reaper itself
        res['leftoverProcesses'] = int(self.read_cg('pidsCurrent'))
        code = res.pop('code', None)
        if code and source is not None and source.code is None:
            source.set_code(bytes.fromhex(code))
        return res

    def oom_kills(self):
        for line in self.read_cg('oom').splitlines():
            if line.startswith('oom_kill '):
                return int(line.split()[1])
        return 0

    def supervise(self, req, pid, started, watch, out, ctl_r):
        watch.pid = pid
        watch.pidfd = pidfd = os.pidfd_open(pid)
        wall_cpu, wall_timeout = 0.0, False
        try:
            while True:
                rc = self.watch_test(ctypes.byref(watch))
                if rc == WATCH_DONE:
                    break
                if rc == WATCH_DEADLINE:
                    wall_cpu = self.tree_cpu_ms()
                    os.kill(pid, signal.SIGKILL)
                    watch.killed, wall_timeout = 1, True
                elif rc == WATCH_NEED_FILE:
                    out.spill()
                else:
                    raise OSError(watch.error, 'watching the test: ' + os.strerror(watch.error))
        finally:
            os.close(pidfd)
        ctl = b''
        while True:
            data = os.read(ctl_r, 65536)  # every writer has exited: never blocks
            if not data:
                break
            ctl += data
        _, status, ru = os.wait4(pid, 0)
        wall_ms = (time.monotonic() - started) * 1000
        killed = bool(watch.killed)
        res = {'wallMs': round(wall_ms, 3), 'outputBytes': watch.out_bytes, 'ole': bool(watch.ole),
               'wallTimeout': wall_timeout, 'stderr': ctypes.string_at(self.err_buf, watch.err_len).decode('utf-8', 'replace')}
        if not watch.ole:
            out.finish(res)
        rep = ctypes.string_at(self.rep_buf, watch.rep_len)
        cpu = (ru.ru_utime + ru.ru_stime) * 1000
        maxrss = ru.ru_maxrss
        ctl = ctl.decode('utf-8', 'replace')
        pre = 0.0
        for part in ctl.split('\n'):
            if part.startswith('PRE:'):
                pre = float(part[4:])
            elif part.startswith('CE:'):
                res['compileError'] = part[3:].replace('\\n', '\n')
            elif part.startswith('CODE:'):
                res['code'] = part[5:]
            elif part.startswith('IE:'):
                res['setupError'] = part[3:]
        cpu -= pre
        code, sig = exit_of(status)
        if rep:
            # The reaper measured the program itself: its exec carried nothing of ours.
            f = rep.decode().split()
            code, sig = int(f[0]), int(f[1])
            code, sig = (None if code < 0 else code), (sig or None)
            cpu, maxrss = (int(f[2]) + int(f[3])) / 1000, int(f[4])
        elif req['kind'] == 'exec':
            maxrss = 0  # the reaper's own figure carries our peak across its exec: use the cgroup's
            if 'setupError' not in res and not killed:
                res['setupError'] = 'reaper reported nothing (exit %s, signal %s)' % exit_of(status)
        if wall_timeout:
            cpu = max(cpu, wall_cpu)  # the reaper could not report: it was killed with the rest
        res.update({'exitCode': code, 'signal': sig, 'cpuMs': round(max(cpu, 0), 3), 'maxRssKib': maxrss})
        return res

    def tree_cpu_ms(self):
        # CPU used so far by the busiest process of the test (read before the kill).
        best = 0
        for pid in self.read_cg('tasks').split():
            try:
                with open('/proc/%s/stat' % pid, 'rb') as f:
                    fields = f.read().rsplit(b')', 1)[1].split()
                best = max(best, int(fields[11]) + int(fields[12]))
            except (OSError, IndexError, ValueError):
                pass
        return best * 1000.0 / self.tick


WATCH_DONE, WATCH_DEADLINE, WATCH_NEED_FILE = 0, 1, 2


class Watch(ctypes.Structure):
    """struct watch of native/supervisor.c."""
    _fields_ = ([(name, ctypes.c_int64) for name in ('pid', 'pidfd', 'out_r', 'err_r', 'rep_r', 'deadline_ns',
                                                     'out_max', 'out_fd')]
                + [('out_buf', ctypes.c_void_p), ('out_cap', ctypes.c_int64), ('err_buf', ctypes.c_void_p),
                   ('err_cap', ctypes.c_int64), ('rep_buf', ctypes.c_void_p), ('rep_cap', ctypes.c_int64)]
                + [(name, ctypes.c_int64) for name in ('killed', 'ole', 'exited', 'out_bytes', 'out_len', 'err_len',
                                                       'rep_len', 'closed', 'pending', 'error')])


class Output:
    """A run's standard output, written to the request's file, or with `inlineOutput` sent in the
    reply when small and valid UTF-8 (the common case: no file created, truncated and flushed to
    disk per test). The native watcher fills the slot's buffer, and asks for the file when the
    output outgrows it."""
    INLINE = 64 << 10  # small, so that this process's memory (copied by every fork) stays small

    def __init__(self, slot, req):
        self.slot, self.ref, self.fd, self.w = slot, req['stdout'], -1, None
        if not req.get('inlineOutput', False):
            self.fd = slot.open_in(self.ref, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)

    def watch(self, req, out_r, err_r, rep_r):
        slot, err_max = self.slot, int(req.get('stderrBytes', 8192))
        if len(slot.err_buf) < err_max:
            slot.err_buf = ctypes.create_string_buffer(err_max)
        self.w = Watch(0, -1, out_r, err_r, rep_r, 0, int(req['outputBytes']), self.fd,
                       ctypes.addressof(slot.out_buf), len(slot.out_buf), ctypes.addressof(slot.err_buf), err_max,
                       ctypes.addressof(slot.rep_buf), len(slot.rep_buf))
        return self.w

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


class Closer:
    """A helper process that closes, off the critical path, the last reference to each finished
    test's mount namespace, whose teardown waits for an RCU grace period (~0.3 ms in D state that
    the test's exit would otherwise spend). References go over in batches (one wake-up each), and
    only for tests that left their /tmp and /dev/shm empty: tmpfs pages stay charged to the slot's
    memory cgroup until the namespace is gone, so a test that wrote files has its namespace torn
    down at once, before the next test starts.
    (Making network namespaces ahead of time here too was tried: it costs more CPU than it saves.)"""
    BATCH = 8

    def __init__(self):
        self.sock, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
        self.held = []
        if os.fork() == 0:
            try:
                libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
                null = os.open('/dev/null', os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)  # not Node's pipes: Node waits for them to close
                close_all_but([theirs.fileno()])
                while True:
                    _, anc, _, _ = theirs.recvmsg(1, _socket.CMSG_SPACE(4 * self.BATCH))
                    if not anc:
                        break  # the supervisor is gone
                    for fd in fds_of(anc):
                        os.close(fd)
            finally:
                os._exit(0)
        theirs.close()

    def drop(self, mnt, tmp, shm):
        try:
            used = any(st.f_blocks != st.f_bfree or st.f_files - st.f_ffree > 1 for st in map(os.fstatvfs, (tmp, shm)))
        finally:
            os.close(tmp)
            os.close(shm)
        if used:
            os.close(mnt)  # waits for the teardown, which frees the files
            return
        self.held.append(mnt)
        if len(self.held) < self.BATCH:
            return
        held, self.held = self.held, []
        try:
            self.sock.sendmsg([b'x'], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds_data(held))], _socket.MSG_NOSIGNAL)
        except OSError:
            pass  # the helper is gone or too far behind: the closes below are then the last ones
        for fd in held:
            os.close(fd)


def fds_data(fds):
    return b''.join(fd.to_bytes(4, sys.byteorder) for fd in fds)


def fds_of(anc):
    return [int.from_bytes(data[i:i + 4], sys.byteorder) for _, _, data in anc for i in range(0, len(data) - 3, 4)]


class Source:
    """A Python program for the template's tests: its source and, once a test of its batch has
    compiled it, its code object as marshal data (compiled once per batch instead of per test;
    marshal.loads is ~0.2 ms cheaper). Tests read it from a memfd, b'S' + source or b'M' + code
    (see run_python in runtime/template.py)."""
    __slots__ = ('text', 'code', 'fd')

    def __init__(self, text):
        self.text, self.code, self.fd = text, None, -1

    def program_fd(self):
        if self.fd < 0:
            fd = os.memfd_create('program', os.MFD_CLOEXEC)
            try:
                data = b'M' + self.code if self.code is not None else b'S' + self.text
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


class Template:
    """The slot's template process (runtime/template.py), which forks every test as our child from
    native code (serve() in native/supervisor.c), so that this process never forks."""
    OP_SPAWN, OP_ENV = 1, 2
    KINDS = {'python': 1, 'exec': 2, 'shell': 3}
    STEPS = {1: 'spawn request', 2: 'test mount namespace', 3: 'clone'}

    def __init__(self, cfg, pycache_prefix):
        self.sock, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
        self.env = None
        os.set_inheritable(theirs.fileno(), True)
        here = os.path.dirname(os.path.abspath(__file__))
        args = [sys.executable, '-I'] + (['-X', 'pycache_prefix=' + pycache_prefix] if pycache_prefix else []) + [
            '-c', 'import sys; sys.path.insert(0, sys.argv.pop(1)); import template; template.main()', here,
            str(theirs.fileno()), cfg['native'], cfg['memoryCgroup'], cfg['pidsCgroup'], cfg.get('reaper') or '',
            str(cfg['uid']), str(cfg['gid']), '1' if cfg.get('freshNetwork', True) else '0']
        # Its fds 0-2 are ours (pipes from Node): the streams it builds for tests must find fds 0
        # and 1 unseekable, as a program started with pipes does. It never reads or writes them.
        self.pid = os.posix_spawn(sys.executable, args, dict(os.environ))
        theirs.close()

    def start(self, mnt):
        self.sock.sendmsg([b'mnt'], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds_data([mnt]))])
        if self.sock.recv(16) != b'ok':
            self.gone()

    def gone(self):
        # Nothing can run without it: exit, so that Node replaces the whole slot.
        sys.stderr.write('the template process of this slot exited\n')
        sys.stderr.flush()
        os._exit(3)

    def set_env(self, env):
        if env == self.env:
            return
        data = b'\0'.join(('%s=%s' % (k, v)).encode() for k, v in env.items())
        self.sock.sendmsg([struct.pack('8q', self.OP_ENV, 0, 0, 0, 0, 0, 0, len(env)) + data])
        self.env = env

    def spawn(self, kind, fds, tmp_bytes, cpu_soft, cpu_hard, file_bytes, stack_bytes, strings):
        """Starts a test whose stdin, stdout, stderr and control pipe (then the program's fds) are
        `fds`. Returns its pid and references to its mount namespace, /tmp and /dev/shm."""
        msg = struct.pack('8q', self.OP_SPAWN, self.KINDS[kind], tmp_bytes, cpu_soft, cpu_hard, file_bytes,
                          stack_bytes, len(strings)) + b''.join(str(a).encode() + b'\0' for a in strings)
        try:
            self.sock.sendmsg([msg], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds_data(fds))], _socket.MSG_NOSIGNAL)
            data, anc, _, _ = self.sock.recvmsg(16, _socket.CMSG_SPACE(3 * 4))
        except OSError:
            self.gone()
        if len(data) != 16:
            self.gone()
        pid, step = struct.unpack('2q', data)
        if pid < 0:
            raise OSError(-pid, 'starting the test (%s): %s' % (self.STEPS.get(step, step), os.strerror(-pid)))
        return pid, fds_of(anc)


def close_all_but(keep):
    prev = 2
    for fd in sorted(keep) + [1 << 20]:
        if fd > prev + 1:
            os.closerange(prev + 1, fd)
        prev = fd


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
        for k, item in enumerate(req['batch']):
            run_req = dict(base)
            run_req.update(item)
            try:
                if source is None and run_req['kind'] == 'python':
                    source = slot.read_source(run_req)
                res = slot.run(run_req, source)
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
