# Tries what the rootless backend needs, in a throwaway child: an unprivileged user namespace
# with mount, pid, ipc and network namespaces, a tmpfs and a fresh /proc. Prints "ok", or the
# step that failed and its errno name (src/sandbox/backend.ts turns it into advice).
import ctypes, errno, os, sys

libc = ctypes.CDLL(None, use_errno=True)
NEWNS, NEWUSER, NEWPID, NEWNET, NEWIPC = 0x20000, 0x10000000, 0x20000000, 0x40000000, 0x08000000
MS_REC, MS_PRIVATE = 0x4000, 1 << 18


def step(name, rc):
    if rc != 0:
        print('%s %s' % (name, errno.errorcode.get(ctypes.get_errno(), 'E?')))
        sys.stdout.flush()
        os._exit(1)


uid, gid = os.geteuid(), os.getegid()
step('user', libc.unshare(NEWUSER))
try:
    for name, text in (('setgroups', 'deny'), ('uid_map', '0 %d 1' % uid), ('gid_map', '0 %d 1' % gid)):
        with open('/proc/self/' + name, 'w') as f:
            f.write(text)
except OSError as e:
    print('uid_map %s' % errno.errorcode.get(e.errno, 'E?'))
    sys.stdout.flush()
    os._exit(1)
step('namespaces', libc.unshare(NEWNS | NEWPID | NEWNET | NEWIPC))
step('mount', libc.mount(b'none', b'/', None, MS_REC | MS_PRIVATE, None))
step('tmpfs', libc.mount(b'tmpfs', b'/tmp', b'tmpfs', 0, b'size=64k'))
pid = os.fork()
if pid == 0:
    step('proc', libc.mount(b'proc', b'/proc', b'proc', 0, None))
    print('ok')
    sys.stdout.flush()
    os._exit(0)
_, status = os.waitpid(pid, 0)
os._exit(os.waitstatus_to_exitcode(status))
