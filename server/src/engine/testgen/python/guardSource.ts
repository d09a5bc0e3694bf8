// The Python sandbox guard (resource limits and an audit hook), as Python source.
// Written to the sandbox's work folder as cw_guard.py and run by the interpreter python/interpreter.ts found.
export const GUARD_SOURCE = String.raw`
# Codewright sandbox guard for Python: resource limits and an audit hook (PEP 578) that refuses file
# writes and deletions outside the work folder, file reads outside it and the Python installation,
# child processes, sockets and native code loading. An audit hook cannot be removed once installed.
import os
import sys

REFUSED = "refused by the Codewright sandbox"


def _limits(address_space_mb):
    try:
        import resource
    except ImportError:  # not on Windows
        return
    for name, value in (
        ("RLIMIT_AS", address_space_mb << 20),
        ("RLIMIT_FSIZE", 64 << 20),
        ("RLIMIT_CORE", 0),
    ):
        limit = getattr(resource, name, None)
        if limit is None:
            continue
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass


def install(folder, address_space_mb=1024):
    _limits(address_space_mb)
    folder = os.path.realpath(folder)
    readable = {folder}
    for entry in list(sys.path) + [sys.prefix, sys.base_prefix, sys.exec_prefix]:
        if entry and os.path.isdir(entry):
            readable.add(os.path.realpath(entry))
    readable = tuple(sorted(readable))
    devices = ("/dev/null", "/dev/urandom", "/dev/random")
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
    busy = [False]

    def resolve(path):
        if path is None:
            return os.getcwd()
        if isinstance(path, int):
            return None  # an already open descriptor
        path = os.fsdecode(path)
        return os.path.realpath(os.path.join(os.getcwd(), path))

    def under(path, roots):
        return any(path == root or path.startswith(root + os.sep) for root in roots)

    def refuse(event, detail):
        raise PermissionError("%s: %s %s" % (event, detail, REFUSED))

    def check_write(event, path):
        real = resolve(path)
        if real is not None and not under(real, (folder,)):
            refuse(event, repr(os.fsdecode(path)))

    def hook(event, args):
        if busy[0]:
            return
        busy[0] = True
        try:
            if event == "open":
                path, mode, flags = args
                real = resolve(path)
                if real is None or real in devices:
                    return
                writing = (mode is not None and any(c in mode for c in "wax+")) or (
                    mode is None and flags & write_flags
                )
                if writing:
                    check_write("open for writing", path)
                elif not under(real, readable):
                    refuse("open for reading", repr(os.fsdecode(path)))
            elif event in ("os.listdir", "os.scandir"):
                real = resolve(args[0])
                if real is not None and not under(real, readable):
                    refuse(event, repr(real))
            elif event in ("os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown",
                           "os.truncate", "os.utime", "shutil.rmtree", "os.chdir", "os.chflags"):
                check_write(event, args[0])
            elif event in ("os.rename", "os.link", "os.symlink"):
                check_write(event, args[0])
                check_write(event, args[1])
            elif event.startswith(("subprocess.", "os.exec", "os.spawn", "os.posix_spawn", "pty.")) or event in (
                "os.system", "os.fork", "os.forkpty", "os.kill", "os.killpg", "os.startfile",
                "webbrowser.open", "sys.remote_exec",
            ):
                refuse(event, "starting or signalling processes")
            elif event.startswith(("socket.", "ssl.")) and event not in ("socket.__new__", "socket.gethostname"):
                refuse(event, "network access")
            elif event in ("socket.__new__",) and args[1] not in (1,):  # AF_UNIX = 1 stays local
                refuse(event, "network access")
            elif event.startswith("ctypes.") or event in ("cpython._PySys_ClearAuditHooks",):
                refuse(event, "native code")
            elif event == "sqlite3.connect" and args and args[0] not in (":memory:", b":memory:", ""):
                check_write(event, args[0])
        finally:
            busy[0] = False

    sys.addaudithook(hook)
`;
