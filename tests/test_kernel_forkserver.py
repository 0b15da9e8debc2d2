"""The kernel fork server of ``make notebooks`` (tools/kernel_forkserver.py): a forked kernel is
a kernel jupyter_client can run, interrupt and stop as one it started itself, and anything the
server cannot do falls back to the usual launch."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import kernel_forkserver as forkserver  # noqa: E402

sys.path.remove(str(ROOT / "tools"))

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the fork server is for Linux")

jupyter_client = pytest.importorskip("jupyter_client")
from jupyter_client.manager import KernelManager  # noqa: E402
from jupyter_client.provisioning import local_provisioner  # noqa: E402

#: ipykernel, so that a kernel starts in a fraction of a second, a module no kernel imports by
#: itself, to see that the kernel has it without importing it, and numpy's random module.
PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "colorsys", "numpy.random")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    path = str(tmp_path_factory.mktemp("forkserver") / "kernels.sock")
    process = forkserver.start_server(path, PRELOAD)
    yield process, path
    forkserver.stop_server(process)
    assert process.returncode == 0


def python_kernel(cwd: Path, **launch: Any) -> KernelManager:
    """A started KernelManager for this interpreter's kernel: the command the server runs."""
    km = KernelManager(kernel_name="python3")
    km.kernel_spec.argv[0] = sys.executable
    km.start_kernel(cwd=str(cwd), **launch)
    return km


@pytest.fixture
def manager(server: tuple[Any, str], monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> Iterator[KernelManager]:
    """A KernelManager whose kernels come from the server (the launcher is restored after)."""
    monkeypatch.setattr(local_provisioner, "launch_kernel", local_provisioner.launch_kernel)
    monkeypatch.setenv(forkserver.ENV, server[1])
    monkeypatch.setenv("DOPPELNB_FORK_TEST", "seen")
    forkserver.install_launcher()
    with open(tmp_path / "stderr.txt", "w") as stderr:  # nbval passes /dev/null
        km = python_kernel(tmp_path, stderr=stderr)
    yield km
    if km.has_kernel:
        km.shutdown_kernel(now=True)


def run(km: KernelManager, code: str, timeout: float = 30) -> dict[str, Any]:
    """Run ``code`` and return the kernel's reply and what it printed."""
    client = km.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        printed: list[str] = []

        def output(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                printed.append(msg["content"]["text"])

        reply = client.execute_interactive(code, timeout=timeout, output_hook=output)
        return {"status": reply["content"]["status"], "content": reply["content"],
                "printed": "".join(printed)}
    finally:
        client.stop_channels()


def test_a_forked_kernel_is_the_kernel_jupyter_client_asked_for(
        manager: KernelManager, server: tuple[Any, str], tmp_path: Path) -> None:
    process = manager.provisioner.process  # type: ignore[union-attr]
    assert isinstance(process, forkserver.ForkedKernel)
    reply = run(manager, "\n".join([
        "import os, sys",
        "from ipykernel.kernelapp import IPKernelApp",
        "print(os.getpid(), os.getppid(), os.getpgid(0), os.getsid(0))",
        "print(os.getcwd())",
        "print(os.environ.get('DOPPELNB_FORK_TEST'))",
        "print('colorsys' in sys.modules, os.path.basename(sys.argv[0]))",
        "print(IPKernelApp.instance().parent_handle)",
        "os.write(2, b'written to fd 2')",
    ]))
    assert reply["status"] == "ok"
    ids, cwd, env, modules, parent = reply["printed"].splitlines()
    pid, ppid, pgid, sid = map(int, ids.split())
    assert pid == process.pid and ppid == server[0].pid  # the server's child
    assert pgid == pid == sid == manager.provisioner.pgid  # type: ignore[union-attr]
    assert cwd == str(tmp_path)
    assert env == "seen"  # the environment jupyter_client passed, not the server's
    assert modules == "True ipykernel_launcher.py"  # preloaded; argv as the launcher has it
    assert int(parent) == os.getpid()  # JPY_PARENT_PID, read again after the fork
    assert "written to fd 2" in (tmp_path / "stderr.txt").read_text()  # the stderr asked for


def test_an_interrupt_reaches_the_forked_kernel(manager: KernelManager) -> None:
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        msg_id = client.execute("import time; time.sleep(60)")
        time.sleep(0.5)
        started = time.monotonic()
        manager.interrupt_kernel()
        reply = client.get_shell_msg(timeout=30)
        assert reply["parent_header"]["msg_id"] == msg_id
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        assert time.monotonic() - started < 20
    finally:
        client.stop_channels()


def test_shutting_down_kills_the_kernel_and_reports_its_exit(manager: KernelManager) -> None:
    process = manager.provisioner.process  # type: ignore[union-attr]
    pid = process.pid
    assert process.poll() is None
    manager.shutdown_kernel(now=True)
    assert process.returncode == -9  # SIGKILL, as the server saw it
    assert not Path(f"/proc/{pid}").exists()  # and reaped


def test_each_forked_kernel_draws_fresh_random_numbers(manager: KernelManager,
                                                       tmp_path: Path) -> None:
    """Two kernels of one server do not repeat each other's unseeded draws (numpy's global
    state and ``random``'s are copied by the fork; the child reseeds them)."""
    code = "import random, numpy; print(numpy.random.randint(2**62), random.getrandbits(62))"
    first = run(manager, code)["printed"].split()
    other = python_kernel(tmp_path)
    try:
        assert isinstance(other.provisioner.process, forkserver.ForkedKernel)  # type: ignore[union-attr]
        second = run(other, code)["printed"].split()
    finally:
        other.shutdown_kernel(now=True)
    assert first[0] != second[0] and first[1] != second[1]


def test_stopping_the_server_stops_its_kernels(tmp_path: Path) -> None:
    path = str(tmp_path / "own.sock")
    server = forkserver.start_server(path, PRELOAD)
    try:
        kernel = forkserver.fork_kernel(
            path, [sys.executable, "-m", "ipykernel_launcher", "-f", str(tmp_path / "k.json")],
            cwd=str(tmp_path))
        assert kernel is not None and kernel.poll() is None
    finally:
        forkserver.stop_server(server)
    assert kernel.wait(timeout=10) == -9
    assert not Path(f"/proc/{kernel.pid}").exists()


def test_what_the_server_cannot_run_falls_back(server: tuple[Any, str], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert forkserver.fork_kernel(server[1], ["/bin/sh", "-c", "true"]) is None
    assert "not a kernel command this server runs" in capsys.readouterr().err
    assert forkserver.fork_kernel(str(tmp_path / "missing.sock"),
                                  [sys.executable, "-m", "ipykernel_launcher"]) is None
    assert "kernel fork server not used" in capsys.readouterr().err


def test_the_launcher_falls_back_to_a_plain_start(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """No server at the path: jupyter_client starts the kernel itself, which then works."""
    monkeypatch.setattr(local_provisioner, "launch_kernel", local_provisioner.launch_kernel)
    monkeypatch.setenv(forkserver.ENV, str(tmp_path / "missing.sock"))
    forkserver.install_launcher()
    km = python_kernel(tmp_path)
    try:
        assert not isinstance(km.provisioner.process, forkserver.ForkedKernel)  # type: ignore[union-attr]
        assert run(km, "print(6 * 7)")["printed"] == "42\n"
    finally:
        km.shutdown_kernel(now=True)
