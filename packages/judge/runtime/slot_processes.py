# The slot's helper processes, started by the supervisor (runtime/zygote.py): the template, which
# forks every test, and the Closer, which tears finished tests' mount namespaces down off the
# critical path.
import _signal as signal, _socket, os, struct, sys

from slot_view import libc

PR_SET_PDEATHSIG = 1


class Closer:
    """A helper process that closes, off the critical path, the last reference to each finished
    sample's mount namespace, whose teardown waits for an RCU grace period. References come in
    batches (one wake-up each), and only for samples whose tests left /tmp and /dev/shm empty:
    tmpfs pages stay charged to the slot's memory cgroup until the namespace is gone, so after a
    test that wrote files the sample's namespace is torn down at once, before the next test starts
    in a new one (drop_stale_sample in native/supervisor.c).
    (Making network namespaces ahead of time here too was tried: it costs more CPU than it saves.)"""
    BATCH = 8

    def __init__(self):
        self.sock, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
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


def fds_data(fds):
    return b''.join(fd.to_bytes(4, sys.byteorder) for fd in fds)


def fds_of(anc):
    return [int.from_bytes(data[i:i + 4], sys.byteorder) for _, _, data in anc for i in range(0, len(data) - 3, 4)]


class Template:
    """The slot's template process (runtime/template.py), which forks every test as our child from
    native code (serve() in native/template.c), so that this process never forks."""
    OP_ENV = 2  # struct spawn_msg's op (native/common.h); spawn requests come from run_test
    HEADER = 11  # int64 fields of struct spawn_msg
    STEPS = {1: 'spawn request', 2: 'test mount namespace', 3: 'clone', 4: 'network and IPC namespaces'}

    def __init__(self, cfg, pycache_prefix):
        self.sock, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
        self.env = None
        os.set_inheritable(theirs.fileno(), True)
        here = os.path.dirname(os.path.abspath(__file__))
        args = [sys.executable, '-I'] + (['-X', 'pycache_prefix=' + pycache_prefix] if pycache_prefix else []) + [
            '-c', 'import sys; sys.path.insert(0, sys.argv.pop(1)); import template; template.main()', here,
            str(theirs.fileno()), cfg['templateNative'], *cgroup_procs(cfg), cfg.get('reaper') or '',
            str(cfg['uid']), str(cfg['gid']), cfg.get('preload') or '']
        # Its fds 0-2 are ours (pipes from Node): the streams it builds for tests must find fds 0
        # and 1 unseekable, as a program started with pipes does. It never reads or writes them.
        # Its native half is preloaded, so that the interpreter's arenas come from it from the start
        # (native/huge_heap.h), and every symbol is bound as it starts, so that no test binds one
        # lazily on pages it would copy; the template takes both variables out of its environment.
        env = dict(os.environ, LD_PRELOAD=cfg['templateNative'], LD_BIND_NOW='1')
        self.pid = os.posix_spawn(sys.executable, args, env)
        theirs.close()

    def start(self, mnt):
        try:
            self.sock.sendmsg([b'mnt'], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds_data([mnt]))])
            answer = self.sock.recv(16)
        except OSError:  # it died while starting: the connection is reset rather than closed
            answer = b''
        if answer != b'ok':
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
        try:
            self.sock.sendmsg([struct.pack('%dq' % self.HEADER, self.OP_ENV, 0, 0, 0, 0, 0, 0, len(env), 0, 0, 0) + data])
        except (BrokenPipeError, ConnectionResetError):
            self.gone()  # it died before the slot's first test (a spawn would find the same)
        self.env = env


def cgroup_procs(cfg):
    # The cgroup.procs files a test joins: v1's memory and pids groups, v2's one group, or none.
    cg = cfg.get('cgroup')
    if cfg['backend'] == 'cgroup1':
        return cg['memory'] + '/cgroup.procs', cg['pids'] + '/cgroup.procs'
    if cfg['backend'] == 'cgroup2':
        return cg['dir'] + '/cgroup.procs', ''
    return '', ''


def close_all_but(keep):
    prev = 2
    for fd in sorted(keep) + [1 << 20]:
        if fd > prev + 1:
            os.closerange(prev + 1, fd)
        prev = fd
