"""What served cycles cost one PostgreSQL server, and PgBouncer in front of it, for bench/serve.py.

`Costs` reads the server's own counters: statements (pg_stat_statements), WAL records, bytes and
full-page images (pg_stat_wal), WAL flushes (pg_stat_io), and the CPU of the server's processes
(the postmaster and its children, from /proc). Their differences over a timed window, divided by
the cycles in it, are what docs/scaling.md's capacity model is built on: none depends on how
loaded the machine is, except the CPU.

`pgbouncer()` starts Debian's pgbouncer (`apt-get install pgbouncer`) on loopback in front of the
server, in transaction pooling, as a team would run it, for as long as the bench needs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

PRELOAD = "pg_stat_statements"


@dataclass(frozen=True)
class Sample:
    """The server's counters at one moment."""

    statements: float
    """Statements the clients sent (top level), but the bench's reads of these counters."""
    nested: float
    """Statements run inside the store's functions (stalwart_apply, stalwart_claim, ...)."""
    wal_records: float
    wal_bytes: float
    wal_fpi: float
    flushes: float
    cpu: float
    """Seconds of CPU of the postmaster and every process under it."""

    def __sub__(self, other: Sample) -> Sample:
        return Sample(
            *(getattr(self, name) - getattr(other, name) for name in self.__dataclass_fields__)
        )


def enable_statements(dsn: str) -> None:
    """Load pg_stat_statements into the server (a restart), then create it in `dsn`'s database."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        loaded = conn.execute("SHOW shared_preload_libraries").fetchone()
        if loaded is None or PRELOAD not in str(loaded[0]):
            conn.execute(f"ALTER SYSTEM SET shared_preload_libraries = '{PRELOAD}'")
            conn.execute("ALTER SYSTEM SET pg_stat_statements.track = 'all'")
            data = Path(str(conn.execute("SHOW data_directory").fetchone()[0]))  # type: ignore[index]
            restart = True
        else:
            restart = False
    if restart:
        owner = data.stat().st_uid
        ctl = Path(str(_bindir(dsn))) / "pg_ctl"
        log = data / "restart.log"
        command = [str(ctl), "-D", str(data), "-l", str(log), "-w", "restart", "-m", "fast"]
        if os.geteuid() == 0 and owner != 0:
            import pwd

            command = ["runuser", "-u", pwd.getpwuid(owner).pw_name, "--", *command]
        # The server outlives pg_ctl: it must not hold a pipe of ours open.
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE EXTENSION IF NOT EXISTS {PRELOAD}")


def _bindir(dsn: str) -> Path:
    """Where the running server's programs are: beside its postgres binary."""
    pid = _postmaster(dsn)
    return Path(os.readlink(f"/proc/{pid}/exe")).parent


def _postmaster(dsn: str) -> int:
    with psycopg.connect(dsn, autocommit=True) as conn:
        data = Path(str(conn.execute("SHOW data_directory").fetchone()[0]))  # type: ignore[index]
    return int((data / "postmaster.pid").read_text().split()[0])


def _tree_cpu(root: int) -> float:
    """CPU seconds of a process and all its live descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class Costs:
    """Samples of one server's counters, read through `dsn` (directly, never through a pooler)."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        enable_statements(dsn)  # It may restart the server: its process id after that.
        self.postmaster = _postmaster(dsn)

    def sample(self) -> Sample:
        with psycopg.connect(self.dsn, autocommit=True) as conn:
            row = conn.execute(
                "SELECT (SELECT coalesce(sum(calls), 0) FROM pg_stat_statements "
                "  WHERE toplevel AND query NOT LIKE '%pg_stat_%'), "
                "(SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE NOT toplevel), "
                "w.wal_records, w.wal_bytes, w.wal_fpi, "
                "(SELECT coalesce(sum(fsyncs), 0) FROM pg_stat_io WHERE object = 'wal') "
                "FROM pg_stat_wal w"
            ).fetchone()
        assert row is not None
        return Sample(*(float(value) for value in row), cpu=_tree_cpu(self.postmaster))

    def top(self, limit: int = 12) -> list[tuple[float, float, str]]:
        """The statements run most, as (calls, mean ms, text), since the last reset."""
        with psycopg.connect(self.dsn, autocommit=True) as conn:
            return [
                (float(calls), float(mean), " ".join(str(query).split())[:90])
                for calls, mean, query in conn.execute(
                    "SELECT calls, mean_exec_time, query FROM pg_stat_statements "
                    "WHERE toplevel AND query NOT LIKE '%%pg_stat_%%' "
                    "ORDER BY calls DESC LIMIT %s",
                    (limit,),
                )
            ]

    def reset(self) -> None:
        with psycopg.connect(self.dsn, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_statements_reset()")


@contextmanager
def pgbouncer(dsn: str, pool_size: int = 20) -> Iterator[str]:
    """Debian's pgbouncer on loopback in front of `dsn`'s server, transaction pooling; yields
    the DSN that goes through it. It is stopped when the block ends."""
    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not Path(binary).exists():
        raise SystemExit("pgbouncer is not installed: apt-get install -y pgbouncer")
    target = conninfo_to_dict(dsn)
    with tempfile.TemporaryDirectory(prefix="stalwart-pgbouncer-") as folder:
        here = Path(folder)
        here.chmod(0o777)
        port = _free_port()
        user = str(target.get("user") or "postgres")
        (here / "pgbouncer.ini").write_text(
            "[databases]\n"
            f"* = host={target.get('host', '')} port={target.get('port', 5432)} user={user}\n"
            "[pgbouncer]\n"
            f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
            "auth_type = any\npool_mode = transaction\n"
            f"default_pool_size = {pool_size}\nmax_client_conn = 5000\n"
            f"logfile = {here / 'pgbouncer.log'}\npidfile = {here / 'pgbouncer.pid'}\n"
        )
        command = [binary, str(here / "pgbouncer.ini")]
        if os.geteuid() == 0:
            # pgbouncer will not run as root: it runs as the user whose socket it connects to.
            import pwd

            host = Path(str(target.get("host") or "/tmp"))
            owner = host.stat().st_uid if host.is_dir() else 0
            command[1:1] = ["-u", pwd.getpwuid(owner).pw_name if owner else "nobody"]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        try:
            through = make_conninfo(dsn, host="127.0.0.1", port=str(port), user=user)
            _wait(through, process, here / "pgbouncer.log")
            yield through
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait(dsn: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"pgbouncer stopped: {log.read_text() if log.exists() else ''}")
        try:
            with psycopg.connect(dsn, autocommit=True, connect_timeout=2) as conn:
                conn.execute("SELECT 1")
            return
        except psycopg.OperationalError:
            time.sleep(0.1)
    raise RuntimeError("pgbouncer did not answer within 15 s")


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
