# Per-slot supervisor of the judge ("zygote"). Started once per worker slot as root by
# src/sandbox/zygote-slot.ts with a scrubbed environment; it reads one JSON request per line on
# stdin and answers one JSON line per request on stdout.
#
# Per test it unshares a fresh mount namespace (mounting a fresh /tmp and /dev/shm in it) and a
# fresh pid namespace, forks the test process (pid 1 of the latter) and returns to its own
# namespaces with setns. The test process unshares fresh network and ipc namespaces, mounts a
# fresh /proc, joins the slot's memory and pids cgroups, sets rlimits, drops to uid/gid 65534 and
# then either runs Python code in-process (no interpreter start-up: that is the fast path) or
# execs a binary through the reaper stub. When pid 1 exits the kernel kills everything else in
# its pid namespace. The test's set-up after the fork and the wait for it are native code
# (native/supervisor.c); the last reference to a finished test's mount namespace goes to a helper
# process (Closer).
#
# Keep this process small: a forked test inherits its resident set as the floor of its peak
# memory figure, and fork and exit cost time in proportion to its private memory (page tables
# copied, then torn down, per test), so nothing here may buffer much program output or load
# large modules. Hence _json and _signal instead of json and signal, which import re and enum
# (about 1.8 MiB of heap between them).
import _json, _signal as signal, _socket, ctypes, gc, io, marshal, os, resource, select, stat, sys, time, types

libc = ctypes.CDLL(None, use_errno=True)
O_PATH = 0o10000000
CLONE_NEWNS, CLONE_NEWIPC, CLONE_NEWPID, CLONE_NEWNET = 0x20000, 0x08000000, 0x20000000, 0x40000000
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
    def __init__(self, cfg):
        self.uid, self.gid = cfg['uid'], cfg['gid']
        self.roots = {k: os.open(v, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC) for k, v in cfg['roots'].items()}
        mem, pids = cfg['memoryCgroup'], cfg['pidsCgroup']
        rw = os.O_RDWR | os.O_CLOEXEC
        self.cg = {
            'memProcs': os.open(mem + '/cgroup.procs', os.O_WRONLY | os.O_CLOEXEC),
            'pidsProcs': os.open(pids + '/cgroup.procs', os.O_WRONLY | os.O_CLOEXEC),
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
        self.reaper = os.open(cfg['reaper'], os.O_RDONLY | os.O_CLOEXEC) if cfg.get('reaper') else -1
        self.fresh_net = cfg.get('freshNetwork', True)
        native = ctypes.CDLL(cfg['native'])
        self.watch_test, self.enter_test = native.watch_test, native.enter_test
        self.watch_test.argtypes = [ctypes.POINTER(Watch)]
        self.enter_test.argtypes = [ctypes.POINTER(Enter)]
        self.out_buf = ctypes.create_string_buffer(Output.INLINE)
        self.err_buf = ctypes.create_string_buffer(8192)
        self.rep_buf = ctypes.create_string_buffer(256)
        if cfg.get('hide') is None and cfg.get('minimalRoot', True):
            self.enter_minimal_root()
        else:
            self.enter_template_namespace(cfg.get('hide'))
        self.home = {ns: os.open('/proc/self/ns/' + name, os.O_RDONLY | os.O_CLOEXEC)
                     for ns, name in ((CLONE_NEWNS, 'mnt'), (CLONE_NEWPID, 'pid'))}
        self.closer = Closer()
        self.flags = CLONE_NEWIPC | CLONE_NEWNET  # what the test process unshares itself
        if not self.fresh_net:
            # One empty network namespace per slot, entered once: no interface is up and no
            # process of an earlier test survives it, so nothing carries over between tests.
            check(libc.unshare(CLONE_NEWNET), 'unshare net')
            self.flags &= ~CLONE_NEWNET
        self.limit = self.pids_max = self.oom_count = self.env = None

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
        env = req['env']
        if env != self.env:
            # Set here, once, and inherited: rebuilding os.environ in every test costs ~0.3 ms.
            os.environ.clear()
            os.environ.update({k: str(v) for k, v in env.items()})
            self.env = env

        stdin = self.open_in(req['stdin'], os.O_RDONLY) if req.get('stdin') else os.open('/dev/null', os.O_RDONLY | os.O_CLOEXEC)
        out_r, out_w = os.pipe2(os.O_CLOEXEC)
        err_r, err_w = os.pipe2(os.O_CLOEXEC)
        ctl_r, ctl_w = os.pipe2(os.O_CLOEXEC)
        # The reaper's report pipe is only needed for an exec'd program.
        rep_r, rep_w = os.pipe2(os.O_CLOEXEC) if req['kind'] == 'exec' else (-1, -1)
        exe = self.open_in(req['exe'], os.O_RDONLY) if req.get('exe') else -1
        if req['kind'] != 'python':
            source = None
        elif source is None:
            source = self.read_source(req)

        # Everything the test's set-up and the wait need is built before the fork: whatever this
        # process writes while the test runs is copied page by page.
        enter = self.enter_spec(req, stdin, out_w, err_w, ctl_w, rep_w, exe)
        out = Output(self, req)
        watch = out.watch(req, out_r, err_r, rep_r)
        started = time.monotonic()
        watch.deadline_ns = int((started + float(req['wallSeconds'])) * 1e9)
        # The test's mount and pid namespaces are entered here (the pid one applies to our
        # children only) and left right after the fork; the test process unshares its ipc and
        # network namespaces itself. The mount namespace is made here so that we hold a reference
        # to it: the test's exit then does not wait for its teardown (an RCU grace period: ~0.3 ms
        # of every test in D state), which the Closer does off the critical path.
        mnt = self.enter_test_mounts(int(req['tmpBytes']))
        try:
            try:
                check(libc.unshare(CLONE_NEWPID), 'unshare pid')
                pid = os.fork()
            except BaseException:
                self.go_home()
                raise
            if pid == 0:
                try:
                    child(self, req, enter, ctl_w, rep_w, exe, source)
                except BaseException as e:
                    try:
                        os.write(ctl_w, ('IE:%s: %s' % (type(e).__name__, e)).encode()[:4000])
                    except BaseException:
                        pass
                os._exit(126)
            self.go_home()
            for fd in (stdin, out_w, err_w, ctl_w, rep_w, exe):
                if fd >= 0:
                    os.close(fd)
            try:
                res = self.supervise(req, pid, started, watch, out, ctl_r)
            finally:
                out.close()
                for fd in (out_r, err_r, ctl_r, rep_r):
                    if fd >= 0:
                        os.close(fd)
        finally:
            self.closer.drop(*mnt)
        res['cgroupPeakKib'] = int(self.read_cg('max')) // 1024
        res['failcnt'] = int(self.read_cg('failcnt'))
        self.oom_count = self.oom_kills()
        res['oomKilled'] = self.oom_count > oom_before
        if res['oomKilled'] and res.get('setupError', '').startswith('reaper reported nothing'):
            del res['setupError']  # the OOM killer took the reaper itself
        res['leftoverProcesses'] = int(self.read_cg('pidsCurrent'))
        code = res.pop('code', None)
        if code and source is not None and source.code is None:
            source.code = bytes.fromhex(code)
        return res

    def enter_spec(self, req, stdin, out_w, err_w, ctl_w, rep_w, exe):
        keep = [ctl_w] + list(self.cg.values())  # all close-on-exec
        if req['kind'] == 'exec':
            keep += [self.reaper, rep_w, exe]
        cpu_soft = int(float(req['cpuSeconds'])) + 1
        return Enter(self.flags, stdin, out_w, err_w, (ctypes.c_int64 * 16)(*sorted(keep)), len(keep),
                     (ctypes.c_int64 * 2)(self.cg['memProcs'], self.cg['pidsProcs']),
                     (ctypes.c_int64 * 16)(*self.cg.values()), len(self.cg), cpu_soft, cpu_soft + 1,
                     int(req['fileBytes']), int(req['stackBytes']), self.uid, self.gid)

    def enter_test_mounts(self, tmp_bytes):
        # A copy of the slot's view with a fresh /tmp and /dev/shm; returns references to it and
        # to those two.
        check(libc.unshare(CLONE_NEWNS), 'unshare mnt')
        fds = []
        try:
            opts = 'size=%d,mode=1777' % tmp_bytes
            mount('tmpfs', '/tmp', 'tmpfs', MS_NOSUID | MS_NODEV, opts)
            mount('tmpfs', '/dev/shm', 'tmpfs', MS_NOSUID | MS_NODEV | MS_NOEXEC, opts)
            for path in ('/proc/self/ns/mnt', '/tmp', '/dev/shm'):
                fds.append(os.open(path, (os.O_RDONLY if path[1] == 'p' else O_PATH) | os.O_CLOEXEC))
            return fds
        except BaseException:
            for fd in fds:
                os.close(fd)
            self.go_home()
            raise

    def go_home(self):
        check(libc.setns(self.home[CLONE_NEWNS], CLONE_NEWNS), 'setns mnt')
        check(libc.setns(self.home[CLONE_NEWPID], CLONE_NEWPID), 'setns pid')

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


class Enter(ctypes.Structure):
    """struct enter of native/supervisor.c."""
    _fields_ = ([(name, ctypes.c_int64) for name in ('unshare_flags', 'stdin_fd', 'out_fd', 'err_fd')]
                + [('keep', ctypes.c_int64 * 16), ('nkeep', ctypes.c_int64), ('cgroup_procs', ctypes.c_int64 * 2),
                   ('cgroup_fds', ctypes.c_int64 * 16)]
                + [(name, ctypes.c_int64) for name in ('ncgroup_fds', 'cpu_soft', 'cpu_hard', 'fsize', 'stack', 'uid',
                                                       'gid', 'step')])


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


ENTER_STEPS = ('', 'unshare', 'setsid', 'mount /proc', 'dup2', 'close fds', 'setrlimit', 'chdir /tmp',
               'join cgroups', 'close cgroup files', 'drop privileges', 'no_new_privs')


def child(slot, req, enter, ctl_w, rep_w, exe, source):
    # Runs as pid 1 of a fresh pid namespace in the test's fresh mount namespace, still root.
    # enter_test (native/supervisor.c) enters fresh ipc and network namespaces, mounts /proc,
    # sets up stdio, closes every other fd, sets rlimits (CPU, FSIZE, NOFILE 64, CORE 0, STACK,
    # MEMLOCK 0), chdirs to /tmp, joins the slot's cgroups (only then, so that this set-up is not
    # charged to the program), closes the cgroup files and drops to uid/gid with no_new_privs.
    if req['kind'] == 'exec':
        os.set_inheritable(rep_w, True)
        os.set_inheritable(exe, True)
    err = slot.enter_test(ctypes.byref(enter))
    if err:
        raise OSError(err, '%s: %s' % (ENTER_STEPS[enter.step], os.strerror(err)))
    if req['kind'] == 'exec':
        os.write(ctl_w, b'PRE:0\n')
        argv = ['reaper', str(rep_w), str(exe)] + list(req.get('argv', ['prog']))
        os.execve(slot.reaper, argv, os.environ)
    if req['kind'] == 'shell':
        os.write(ctl_w, b'PRE:0\n')
        argv = list(req['argv'])
        os.execve(argv[0], argv, os.environ)
    run_python(ctl_w, source)


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
    """A Python program's source and, once a test of its batch has compiled it, its code object as
    marshal data (compiled once per batch instead of per test; marshal.loads is ~0.2 ms cheaper)."""
    __slots__ = ('text', 'code')
    CODE_MAX = 24 << 10  # sent on the control pipe before the program runs: must fit its buffer

    def __init__(self, text):
        self.text, self.code = text, None


def run_python(ctl_w, source):
    ru = resource.getrusage(resource.RUSAGE_SELF)
    os.write(ctl_w, ('PRE:%f\n' % ((ru.ru_utime + ru.ru_stime) * 1000)).encode())
    sys.path[0] = '/tmp'
    sys.argv = ['solution.py']
    if source.code is not None:
        code = marshal.loads(source.code)
    else:
        try:
            code = compile(source.text, 'solution.py', 'exec', dont_inherit=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError) as e:
            msg = '%s: %s (line %s)' % (type(e).__name__, e, getattr(e, 'lineno', '?'))
            os.write(ctl_w, ('CE:' + msg.replace('\n', '\\n')).encode()[:4000])
            os._exit(1)
        data = marshal.dumps(code)
        if len(data) <= Source.CODE_MAX:
            os.write(ctl_w, b'CODE:' + data.hex().encode() + b'\n')
    os.close(ctl_w)
    del source
    sys.stdin, sys.stdout, sys.stderr = FRESH.stdin, FRESH.stdout, FRESH.stderr
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = sys.stdin, sys.stdout, sys.stderr
    main = FRESH.main
    sys.modules['__main__'] = main
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


class Fresh:
    """What a Python test starts with: standard streams and a `__main__` module, built once here and
    never used by this process, so that every forked test finds its own untouched copy instead of
    building them (~0.2 ms a test). The streams are those of `python3 prog.py` with pipes: built
    on this process's pipes, they find fds 0 and 1 unseekable, as in the baseline."""

    def __init__(self):
        self.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, 'r', closefd=False)), encoding='utf-8',
                                      errors='strict')
        self.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, 'w', closefd=False)), encoding='utf-8',
                                       errors='strict')
        self.stderr = io.TextIOWrapper(io.FileIO(2, 'w', closefd=False), encoding='utf-8', errors='backslashreplace',
                                       line_buffering=True, write_through=True)
        self.main = types.ModuleType('__main__')
        self.main.__file__ = '/tmp/solution.py'
        self.main.__builtins__ = __builtins__
        # What a test replaces stays referenced, so that no test spends time tearing it down.
        self.replaced = (sys.stdin, sys.stdout, sys.stderr, sys.modules['__main__'])


FRESH = None


def warm_up():
    # State the interpreter builds lazily on first use (the AST types that compile() checks its
    # argument against, the io and codec objects of run_python) would otherwise be built again in
    # every forked test, on copied pages: about 1 ms per test.
    sink = io.TextIOWrapper(io.BufferedWriter(io.FileIO(os.open('/dev/null', os.O_WRONLY | os.O_CLOEXEC), 'w')),
                            encoding='utf-8', errors='strict')
    code = compile('xs = [int(s) for s in "1 2".split()]\nprint(sum(xs), max(xs), file=sink)\n', 'warm', 'exec',
                   dont_inherit=True)
    exec(code, {'__builtins__': __builtins__, 'sink': sink})
    sink.close()
    types.ModuleType('warm')


def close_all_but(keep):
    prev = 2
    for fd in sorted(keep) + [1 << 20]:
        if fd > prev + 1:
            os.closerange(prev + 1, fd)
        prev = fd


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
    # Started by `import zygote` with a pycache prefix (zygote-slot.ts): compiling this file here
    # would leave ~2 MiB of compiler garbage on the heap that every fork copies. Programs import
    # with the defaults of `python3 -B`: the system's bytecode, nothing written.
    sys.pycache_prefix, sys.dont_write_bytecode = None, True
    cfg = parse(sys.argv[1])
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # die with the Node process
    if cfg.get('pin') is not None:
        # Slot i on the i-th allowed CPU: its tests then wake it (and it them) without a
        # cross-CPU wake-up, which on a small VM is an IPI and an exit to the hypervisor; measured
        # CPU times are steadier too. Inherited by the tests (a test may widen it for itself).
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[cfg['pin'] % len(cpus)]})
    slot = Slot(cfg)
    # The dispositions a program starts with, as under `python3 prog.py` minus Python's own
    # SIGPIPE/SIGXFSZ ignores; set here once since every test inherits them. (This process only
    # writes to Node's pipe, and dies with Node anyway.)
    for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT):
        signal.signal(sig, signal.SIG_DFL)
    warm_up()
    global FRESH
    FRESH = Fresh()
    gc.collect()
    gc.freeze()  # keep forked children from touching (and copying) our objects' pages
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
        reqs.cancelled.discard(rid)
        send({'id': rid, 'done': ran})


if __name__ == '__main__':
    main()
