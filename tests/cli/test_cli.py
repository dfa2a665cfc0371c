"""The ``skat`` command's promise for bad input: one line on stderr and exit status 2, never a
traceback, whatever the input (a file that is a directory, unreadable, binary or not UTF-8, an
empty or closed standard input, a number too long for Python, a bad host name)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from skat import cli

SAMPLE = Path(__file__).parents[1] / "data" / "iss_records_sample.sgf"
GRAND = '{"hands": ["CJ SA HT", "SJ ST S7", "HA H7 D7"], "game": "G", "declarer": 0, "to_move": 0}'
STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8"}
"""Standard input and output strict UTF-8, as under a UTF-8 locale other than C.UTF-8."""


MEMORY = 1 << 30
"""The address space a command run by :func:`_run` may take (1 GiB): one that reads without
bound fails fast instead of filling the machine's memory."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(
    args: list[str], stdin: bytes | None = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``skat ARGS`` in a new process (its memory bounded, :data:`MEMORY`), its output decoded
    (a byte that is not UTF-8 shows escaped); ``stdin=None`` starts it with standard input
    closed."""
    command = [sys.executable, "-m", "skat.cli", *args]
    if stdin is None:
        command = ["sh", "-c", 'exec "$0" "$@" <&-', *command]
    done = subprocess.run(
        command,
        input=stdin,
        capture_output=True,
        env=env or STRICT,
        timeout=120,
        check=False,
        preexec_fn=_limit_memory,
    )
    out = done.stdout.decode("utf-8", "backslashreplace")
    err = done.stderr.decode("utf-8", "backslashreplace")
    return subprocess.CompletedProcess(command, done.returncode, out, err)


def _one_line(done: subprocess.CompletedProcess[str], says: str) -> None:
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("skat: ")
    assert says in done.stderr, done.stderr


HUGE = GRAND[:-1] + ', "target": ' + "9" * 4400 + "}\n"


@pytest.mark.slow
def test_solve_a_number_of_over_4300_digits_is_one_line(tmp_path: Path) -> None:
    _one_line(_run(["solve", "-"], HUGE.encode()), "-:1: a number of over 4,300 digits")
    path = tmp_path / "huge.jsonl"
    path.write_text(GRAND + "\n" + HUGE)
    _one_line(_run(["solve", str(path)]), f"{path}:2: a number of over 4,300 digits")


@pytest.mark.slow
@pytest.mark.parametrize("env", [STRICT, {**os.environ, "LC_ALL": "C.UTF-8"}], ids=["strict", "C"])
@pytest.mark.parametrize("command", [["records", "check", "-"], ["solve", "-"], ["solve"]])
def test_standard_input_that_is_not_utf8_is_one_line(
    command: list[str], env: dict[str, str]
) -> None:
    line = SAMPLE.read_bytes().splitlines()[0]
    done = _run(command, line + b"\n(;GM[Skat]P0[J\xfcrgen]\n", env)
    _one_line(done, "cannot read -: not UTF-8 text (byte 0xfc in line 2)")


@pytest.mark.slow
@pytest.mark.parametrize("command", [["records", "check"], ["solve"], ["solve", "--iss"]])
def test_a_file_that_is_a_directory_or_binary_is_one_line(
    command: list[str], tmp_path: Path
) -> None:
    _one_line(_run([*command, str(tmp_path)]), f"cannot read {tmp_path}: Is a directory")
    binary = tmp_path / "skat.bin"
    binary.write_bytes(bytes(range(256)))
    _one_line(_run([*command, str(binary)]), f"cannot read {binary}: not UTF-8 text (byte 0x80 in")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "says"),
    [
        (["records", "check", "-"], "no records in -"),
        (["solve"], "no position to solve in the input"),
        (["solve", "--iss", "-"], "no position to solve in the input"),
    ],
)
def test_an_empty_or_closed_standard_input_is_one_line(command: list[str], says: str) -> None:
    _one_line(_run(command, b""), says)
    _one_line(_run(command, None), "cannot read -: standard input is closed")


@pytest.mark.parametrize("command", [["records", "check"], ["solve"]])
def test_a_file_without_end_is_read_only_so_far_and_is_one_line(command: list[str]) -> None:
    """``/dev/zero`` never ends: the command reads no more than its bound, and says so."""
    _one_line(_run([*command, "/dev/zero"]), "cannot read /dev/zero: it is over 64 MiB")


def test_standard_input_is_read_only_so_far() -> None:
    # the bound itself: one byte more than it is refused, as a whole file is
    done = _run(["records", "check", "-"], b"\n" * (cli.MAX_INPUT_BYTES + 1))
    _one_line(done, "cannot read -: it is over 64 MiB (split it into smaller files)")


@pytest.mark.parametrize("command", [["records", "check"], ["solve"]])
def test_a_file_without_permission_is_one_line(
    command: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "secret.sgf"
    path.write_text(SAMPLE.read_text())

    def refuse(name: str, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", name)

    # chmod 000 keeps nobody out under root: the open call refuses as the kernel would
    monkeypatch.setattr(cli, "open", refuse, raising=False)
    assert cli.main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"skat: cannot read {path}: Permission denied\n"


def test_records_check_goes_on_after_a_file_it_cannot_read(tmp_path: Path) -> None:
    latin1 = tmp_path / "latin1.sgf"
    latin1.write_bytes(SAMPLE.read_bytes().replace(b"P0[xskat]", b"P0[J\xfcrgen]", 1))
    done = _run(["records", "check", str(latin1), str(SAMPLE)])
    assert done.returncode == 2
    assert done.stderr == f"skat: cannot read {latin1}: not UTF-8 text (byte 0xfc in line 1)\n"
    assert done.stdout.count(": ok  computed R[") == len(SAMPLE.read_text().splitlines())


def test_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path: Path) -> None:
    name = tmp_path / os.fsdecode(b"J\xfcrgen.sgf")
    name.write_text(SAMPLE.read_text().splitlines()[0] + "\n")
    done = _run(["records", "check", str(name)])
    assert done.returncode == 0, done.stderr
    assert "J\\udcfcrgen.sgf:1 ID " in done.stdout
    assert ": ok  computed R[" in done.stdout


@pytest.mark.slow
def test_a_byte_order_mark_starts_a_file_of_positions(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + GRAND.encode() + b"\n")
    done = _run(["solve", str(path)])
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{path}:1 value 15 best CJ SA ")


@pytest.mark.parametrize("host", ["a" * 300, "a..b", os.fsdecode(b"a\xffb")])
def test_serve_on_a_host_name_that_cannot_be_is_one_line(
    host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["serve", "--no-browser", "--host", host]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert err.startswith("skat: cannot listen on ")
    assert err.endswith(":8765: not a host name\n")


def test_a_long_error_message_is_cut_on_its_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The core cuts what it echoes (skat.errors.cut); the command cuts any message once more,
    should one still be long (MAX_MESSAGE)."""
    from skat.errors import SkatError

    def fail(args: object) -> int:
        raise SkatError("x" * 10_000)

    monkeypatch.setattr(cli, "_cmd_deal", fail)
    assert cli.main(["deal", "1"]) == 2
    err = capsys.readouterr().err
    assert err == f"skat: {'x' * cli.MAX_MESSAGE} …\n"


def test_serve_hands_uvicorn_the_servers_connection_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The security headers on uvicorn's own 400 and the head timeout (skat.server.connection)
    hold only when ``skat serve`` serves with them: whatever builds uvicorn's Config."""
    import socket

    import uvicorn

    from skat.server.connection import uvicorn_options

    seen: dict[str, object] = {}

    class StoppedError(Exception):
        pass

    def config(self: object, app: object, **kwargs: object) -> None:
        seen.update(kwargs)
        raise StoppedError

    monkeypatch.setattr(uvicorn.Config, "__init__", config)
    with socket.socket() as probe:  # a port free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(StoppedError):
        cli.main(["serve", "--no-browser", "--player", "heuristic", "--port", str(port)])
    capsys.readouterr()
    assert uvicorn_options().items() <= seen.items()


@pytest.mark.slow
def test_a_deal_number_with_its_seat_shows_the_same_cards_and_marks_that_seat() -> None:
    """The browser shows a deal played in another seat than number mod 3 as ``N-seat``; the
    command reads that form too (the same cards as the plain number) and marks the seat."""
    plain = _run(["deal", "12255238"])
    seated = _run(["deal", "12255238-2"])
    assert plain.returncode == seated.returncode == 0, seated.stderr
    assert seated.stdout.replace("  (you)", "") == plain.stdout
    marked = [line for line in seated.stdout.splitlines() if line.endswith("(you)")]
    assert len(marked) == 1
    assert marked[0].startswith("rearhand")
    _one_line(_run(["deal", "12255238-5"]), "seat")


def test_python_dash_m_skat_is_the_skat_command() -> None:
    # a newcomer may start it as "python -m skat serve" (found by the newcomer try)
    done = subprocess.run(
        [sys.executable, "-m", "skat", "deal", "7"], capture_output=True, timeout=120, check=False
    )
    same = _run(["deal", "7"])
    assert done.returncode == same.returncode == 0
    assert done.stdout.decode("utf-8") == same.stdout
