# The slot's view of the file system: a private mount namespace, entered once per slot by the
# supervisor (runtime/zygote.py), which every test's mount namespace then copies. The template
# process joins it with setns.
import ctypes, os, stat

libc = ctypes.CDLL(None, use_errno=True)

CLONE_NEWNS, CLONE_NEWUSER = 0x20000, 0x10000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_RDONLY, MS_REC, MS_PRIVATE = 2, 4, 8, 1, 0x4000, 1 << 18
AT_FDCWD, AT_RECURSIVE = -100, 0x8000
MOUNT_ATTR_RDONLY, MOUNT_ATTR_NOSUID = 1, 2
SYS_mount_setattr = 442  # x86_64 and aarch64
SYS_pivot_root = {'x86_64': 155, 'aarch64': 41}.get(os.uname().machine, 155)
MS_BIND, MNT_DETACH = 0x1000, 2
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


def enter_user_namespace():
    # Rootless backend: a user namespace of this slot in which our user is root (its only user),
    # with the capabilities to make the slot's and tests' mount, pid, ipc and network namespaces.
    # Tests drop every capability before the program runs (native/template.c). The processes this
    # one starts afterwards (template, closer) are in it too.
    uid, gid = os.geteuid(), os.getegid()
    check(libc.unshare(CLONE_NEWUSER), 'unshare user namespace')
    for name, text in (('setgroups', 'deny'), ('uid_map', '0 %d 1' % uid), ('gid_map', '0 %d 1' % gid)):
        fd = os.open('/proc/self/' + name, os.O_WRONLY)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)


def enter_hiding_namespace(hide):
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

def enter_minimal_root():
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
