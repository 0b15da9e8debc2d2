"""A fork server for the IPython kernels of ``make notebooks`` (issue 17).

Every notebook nbval runs gets a fresh kernel, and each fresh kernel spends about 2 s of CPU
importing the same libraries (ipykernel 0.35 s, matplotlib 0.8 s, sympy 0.5 s, numpy,
networkx, ipywidgets, doppelnb) before the notebook's own work starts: on 2 cores, six kernels'
imports are a third of the whole run. This process imports them once, then forks one child per
kernel, the way preforking servers do (``gc.freeze()`` first, so the children share the pages).

Protocol (one Unix-socket connection per kernel; the client half is at the end of this file and
``tools/nbval_startup.py`` plugs it into jupyter_client):

- the client sends one JSON line ``{"argv": [...], "env": {...}, "cwd": "..."}`` with its
  stdout and stderr attached (``socket.send_fds``), where ``argv`` is the command jupyter_client
  would have run, ``[python, "-m", "ipykernel_launcher", "-f", connection_file]``;
- the server forks; the child does what that command and ``jupyter_client.launcher`` do (new
  session, stdin from /dev/null, the client's stdout and stderr, working directory, environment,
  ``sys.argv``, ``sys.path``) and runs ``ipykernel``'s ``launch_new_instance``;
- the server answers ``{"pid": N}`` and, when the kernel exits, ``{"returncode": rc}``, then
  closes the connection. An answer ``{"error": "..."}`` means "start it the usual way".

The server exits when its stdin closes (its parent, the pytest process, went away), and kills
any kernel still running. It is test tooling: a kernel that JupyterLab, Voila or the explainer
export starts never comes here. The one difference a forked kernel has from a fresh one is
that the preloaded modules were imported before the kernel's own environment was set. Two
values read on import are set again: ``MPLBACKEND`` (the server sets it as ipykernel would) and
``JPY_PARENT_PID`` (passed to the kernel as ``--IPKernelApp.parent_handle``). numpy's global
random state is reseeded in each child; the kernels of one run share the server's string hash
seed (it still changes from run to run).

Run as ``python tools/kernel_forkserver.py SOCKET_PATH [MODULE ...]`` (default :data:`PRELOAD`).
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import importlib.util
import json
import os
import pkgutil
import select
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

#: Imported once here instead of in every kernel (each is imported by every notebook's kernel).
PRELOAD = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "ipywidgets",
    "numpy",
    "networkx",
    "sympy",
    "matplotlib.figure",
    "matplotlib.backends.backend_svg",
    "numpy.random",
    "sympy.tensor.tensor",  # imported lazily by sympy's printers
    "sympy.codegen.ast",
    "sympy.physics.units",  # imported by simplify() on its first call
    "doppelnb",  # and every module of it: see preload()
)

#: The environment variable that holds the server's socket path for the pytest processes.
ENV = "DOPPELNB_KERNEL_FORKSERVER"

MAX_REQUEST = 1 << 20


def preload(names: tuple[str, ...] = PRELOAD) -> None:
    """Import ``names`` (for ``doppelnb``, every module of it); a module that fails is left for
    the kernel to import (or fail) itself."""
    # What ipykernel's IPKernelApp does before any user code, so matplotlib reads the same value.
    if not os.environ.get("MPLBACKEND"):
        os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    for name in names:
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    package = sys.modules.get("doppelnb")
    if "doppelnb" in names and package is not None:
        for module in pkgutil.walk_packages(package.__path__, "doppelnb."):
            if not module.name.endswith(("__main__", ".cli")):
                with contextlib.suppress(Exception):
                    importlib.import_module(module.name)


def read_request(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    """One JSON line and the file descriptors sent with it."""
    data, fds, _flags, _addr = socket.recv_fds(conn, 65536, 2)
    while not data.endswith(b"\n"):
        if len(data) > MAX_REQUEST:
            raise ValueError("request too long")
        chunk = conn.recv(65536)
        if not chunk:
            raise ValueError("connection closed mid-request")
        data += chunk
    request = json.loads(data)
    if not isinstance(request, dict):
        raise ValueError("request is not an object")
    return request, list(fds)


def send(conn: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        conn.sendall(json.dumps(message).encode() + b"\n")


def run_kernel(request: dict[str, Any], fds: list[int], inherited: list[int],
               base_path: list[str], started: int) -> None:
    """In the forked child: become the kernel ``request["argv"]`` asks for. Never returns.

    ``started`` is a pipe's write end, closed once the child leads its own process group:
    jupyter_client reads the kernel's group id as soon as it has the pid, and signals that
    group to interrupt or kill the kernel."""
    code = 1
    try:
        os.setsid()  # as jupyter_client's launcher: its own session and process group
        os.close(started)
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM):  # the two the server handles
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for fd in inherited:
            with contextlib.suppress(OSError):
                os.close(fd)
        devnull = os.open(os.devnull, os.O_RDONLY)
        if devnull != 0:
            os.dup2(devnull, 0)
            os.close(devnull)
        for target, fd in zip((1, 2), fds, strict=False):
            os.dup2(fd, target)
        for fd in fds:
            if fd > 2:
                os.close(fd)
        os.chdir(request["cwd"] or os.getcwd())
        os.environ.clear()
        os.environ.update(request["env"])
        numpy_random = sys.modules.get("numpy.random")
        if numpy_random is not None:  # fresh entropy, as a fresh process has (`random` reseeds
            numpy_random.seed()  # itself after a fork; numpy's legacy global state does not)
        spec = importlib.util.find_spec("ipykernel_launcher")
        launcher = spec.origin if spec and spec.origin else "ipykernel_launcher"
        sys.argv = [launcher, *request["argv"][3:]]
        parent = request["env"].get("JPY_PARENT_PID")
        if parent:  # IPKernelApp read this variable on import, in the server: pass it anew
            sys.argv.append(f"--IPKernelApp.parent_handle={int(parent)}")
        # `python -m ipykernel_launcher` from the notebook's folder: the launcher drops that
        # folder from sys.path and IPython puts '' back (InteractiveShellApp.init_path).
        sys.path[:] = base_path
        from ipykernel import kernelapp

        kernelapp.launch_new_instance()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:  # noqa: BLE001 - the child must never return into the server's loop
        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def served(argv: Any) -> bool:
    """Whether ``argv`` is the command this server can stand in for."""
    return (isinstance(argv, list) and len(argv) >= 3 and all(isinstance(a, str) for a in argv)
            and argv[0] == sys.executable and argv[1:3] == ["-m", "ipykernel_launcher"])


def serve(path: str, names: tuple[str, ...] = PRELOAD) -> None:
    """Listen on ``path``, import ``names``, then fork a kernel for each request until stdin
    closes."""
    base_path = sys.path[1:]  # without this script's folder, as the launcher leaves it
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)  # clients may connect (and wait) while the imports below run
    preload(names)
    gc.collect()
    gc.freeze()  # keep the collector from writing to the shared pages in the children

    wake_r, wake_w = socket.socketpair()
    wake_r.setblocking(False)
    wake_w.setblocking(False)
    signal.set_wakeup_fd(wake_w.fileno())
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, signal.default_int_handler)

    selector = selectors.EpollSelector()
    selector.register(listener, selectors.EVENT_READ, "listen")
    selector.register(wake_r, selectors.EVENT_READ, "child")
    selector.register(sys.stdin, selectors.EVENT_READ, "parent")
    kernels: dict[int, socket.socket] = {}

    def reap() -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = kernels.pop(pid, None)
            if conn is not None:
                send(conn, {"returncode": os.waitstatus_to_exitcode(status)})
                conn.close()

    try:
        while True:
            for key, _events in selector.select():
                if key.data == "parent":
                    if not os.read(sys.stdin.fileno(), 4096):
                        return
                elif key.data == "child":
                    with contextlib.suppress(BlockingIOError):
                        while wake_r.recv(4096):
                            pass
                    reap()
                else:
                    conn, _ = listener.accept()
                    conn.settimeout(30)
                    fds: list[int] = []
                    try:
                        request, fds = read_request(conn)
                        if not served(request.get("argv")) or len(fds) != 2:
                            raise ValueError("not a kernel command this server runs")
                        if threading.active_count() != 1:
                            raise RuntimeError("the server has threads; forking is unsafe")
                        inherited = [listener.fileno(), wake_r.fileno(), wake_w.fileno(),
                                     selector.fileno(), sys.stdin.fileno(), conn.fileno(),
                                     *(c.fileno() for c in kernels.values())]
                        ready, started = os.pipe()
                        pid = os.fork()
                        if pid == 0:  # the child: never back into this loop
                            try:
                                os.close(ready)
                                run_kernel(request, fds, inherited, base_path, started)
                            finally:
                                os._exit(1)
                        os.close(started)
                        os.read(ready, 1)  # returns when the child has closed its end
                        os.close(ready)
                        kernels[pid] = conn
                        send(conn, {"pid": pid})
                    except (OSError, ValueError, RuntimeError, KeyError, TypeError) as error:
                        send(conn, {"error": f"{type(error).__name__}: {error}"})
                        conn.close()
                    finally:
                        for fd in fds:
                            with contextlib.suppress(OSError):
                                os.close(fd)
    except KeyboardInterrupt:
        pass
    finally:
        for pid, conn in kernels.items():
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                _, status = os.waitpid(pid, 0)
                send(conn, {"returncode": os.waitstatus_to_exitcode(status)})
            conn.close()
        with contextlib.suppress(OSError):
            os.unlink(path)


# The client half, used in the pytest processes.

class ForkedKernel:
    """What jupyter_client's ``LocalProvisioner`` uses of a ``subprocess.Popen``, for a kernel
    the server started: it is the server's child, not ours, so its exit status comes from the
    server, on the connection that asked for it."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, conn: socket.socket) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._conn = conn
        self._buffer = b""

    def _read_status(self, timeout: float | None) -> None:
        if self.returncode is not None:
            return
        while True:
            ready, _, _ = select.select([self._conn], [], [], timeout)
            if not ready:
                return
            chunk = self._conn.recv(4096)
            self._buffer += chunk
            if not chunk or self._buffer.endswith(b"\n"):
                break
        self._conn.close()
        try:
            self.returncode = int(json.loads(self._buffer)["returncode"])
        except (ValueError, KeyError, TypeError):  # the server went away without a word
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
            self.returncode = -signal.SIGKILL

    def poll(self) -> int | None:
        self._read_status(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self._read_status(timeout)
        if self.returncode is None:
            raise subprocess.TimeoutExpired(["forked kernel", str(self.pid)], timeout or 0)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def _output_fd(target: Any, inherited: int, stack: contextlib.ExitStack) -> int:
    """The file descriptor a ``Popen(stdout=target)`` child would write to."""
    if target is None:
        return inherited
    if target == subprocess.DEVNULL:
        return stack.enter_context(open(os.devnull, "wb")).fileno()
    if isinstance(target, int) and target >= 0:
        return target
    if hasattr(target, "fileno"):
        return int(target.fileno())
    raise ValueError(f"cannot pass {target!r} to a forked kernel")  # subprocess.PIPE


def fork_kernel(path: str, cmd: list[str], env: dict[str, str] | None = None,
                cwd: str | None = None, stdout: Any = None, stderr: Any = None,
                timeout: float = 120) -> ForkedKernel | None:
    """A kernel running ``cmd`` from the server at ``path``, or None (with a line on stderr)
    if the server cannot give one: then the caller starts it the usual way. The other arguments
    are those of ``jupyter_client.launcher.launch_kernel`` (nbval sends stderr to /dev/null)."""
    env = dict(os.environ if env is None else env)
    env["JPY_PARENT_PID"] = str(os.getpid())  # as jupyter_client's launcher sets it
    request = json.dumps({"argv": cmd, "env": env, "cwd": cwd or os.getcwd()}).encode() + b"\n"
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        with contextlib.ExitStack() as stack:
            fds = [_output_fd(stdout, 1, stack), _output_fd(stderr, 2, stack)]
            conn.settimeout(timeout)  # the server may still be importing
            conn.connect(path)
            socket.send_fds(conn, [request], fds)
        answer = b""
        while not answer.endswith(b"\n"):
            chunk = conn.recv(4096)
            if not chunk:
                raise OSError("the server closed the connection")
            answer += chunk
        reply = json.loads(answer)
        if "pid" not in reply:
            raise OSError(str(reply.get("error")))
    except (OSError, ValueError) as error:
        conn.close()
        sys.stderr.write(f"kernel fork server not used ({error}): starting the kernel\n")
        return None
    conn.settimeout(None)
    return ForkedKernel(int(reply["pid"]), conn)


def start_server(path: str, names: tuple[str, ...] | None = None) -> subprocess.Popen[bytes]:
    """Start a server on ``path`` and return once it listens (its imports go on meanwhile);
    it runs until :func:`stop_server` or until this process ends."""
    server = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), path,
                               *(names or ())], stdin=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while not os.path.exists(path) and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    return server


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Close the server's stdin, so it kills its kernels and exits; wait for it."""
    with contextlib.suppress(OSError):
        if server.stdin is not None:
            server.stdin.close()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def install_launcher() -> None:
    """Make jupyter_client's local provisioner ask the server named by :data:`ENV` for the
    kernels it can give, and start any other kernel (or any kernel, if it fails) as before."""
    from jupyter_client.provisioning import local_provisioner

    launch = local_provisioner.launch_kernel  # type: ignore[attr-defined]

    def launch_kernel(cmd: list[str], **kwargs: Any) -> Any:
        path = os.environ.get(ENV)
        if path and served(cmd):
            kernel = fork_kernel(path, cmd, kwargs.get("env"), kwargs.get("cwd"),
                                 kwargs.get("stdout"), kwargs.get("stderr"))
            if kernel is not None:
                return kernel
        return launch(cmd, **kwargs)

    local_provisioner.launch_kernel = launch_kernel  # type: ignore[attr-defined,assignment]


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python tools/kernel_forkserver.py SOCKET_PATH [MODULE ...]")
    serve(sys.argv[1], tuple(sys.argv[2:]) or PRELOAD)
