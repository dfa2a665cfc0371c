"""The ``skat`` command: ``serve``, ``deal``, ``records``, ``solve``, ``analyse``, ``review``,
``arena``.

Each subcommand lives in a small function registered in :func:`build_parser`; errors in the input
are printed as one line on stderr with exit status 2, never as a stack trace.
"""

from __future__ import annotations

import argparse
import io
import os
import socket
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from skat.cards import format_cards
from skat.deal import Seat, deal, parse_seated_number
from skat.errors import SkatError, cut

if TYPE_CHECKING:
    from skat.analysis.review import Judgement


def _cmd_deal(args: argparse.Namespace) -> int:
    """Show the cards of a deal number, plain or as the browser shows it with the person's seat
    (``12255238-2``, :func:`skat.deal.parse_seated_number`): then that seat is marked."""
    number, seated = parse_seated_number(args.number)
    d = deal(number)
    for seat in Seat:
        mark = "  (you)" if seat == seated else ""
        print(f"{seat.name.lower():<11} {format_cards(d.hands[seat])}{mark}")
    print(f"{'skat':<11} {format_cards(d.skat)}")
    return 0


def _check_listen(host: str, port: int) -> None:
    """Raise SkatError unless the server could listen on ``host``:``port`` now."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as err:
        why = err.strerror or str(err)
        raise SkatError(f"cannot listen on {cut(host)}:{port}: {why}") from None
    except UnicodeError:  # the IDNA codec's: an empty label or one of over 63 characters
        raise SkatError(f"cannot listen on {cut(host)}:{port}: not a host name") from None


def _page_url(host: str, port: int) -> str:
    """The address of the game served on ``host``:``port`` (an IPv6 address in brackets)."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


PAGE_WAIT_SECONDS = 30.0
"""The longest ``skat serve`` asks its own page, once it listens, before it names the address
anyway with the reason (the page answers at the first try unless the machine is overloaded)."""


def _ask_page(host: str, port: int) -> str | None:
    """GET ``/`` of the server at ``host``:``port`` until it answers (any HTTP status), for up to
    :data:`PAGE_WAIT_SECONDS`; None once it has, else why not (the last error)."""
    import http.client
    import time

    deadline = time.monotonic() + PAGE_WAIT_SECONDS
    while True:
        connection = http.client.HTTPConnection(host, port, timeout=PAGE_WAIT_SECONDS)
        try:
            connection.request("GET", "/")
            connection.getresponse().read()
            return None
        except (OSError, http.client.HTTPException) as err:
            if time.monotonic() >= deadline:
                return str(err) or type(err).__name__
        finally:
            connection.close()
        time.sleep(0.1)


def _cmd_serve(args: argparse.Namespace) -> int:
    """Start the browser game (uvicorn); once its page answers, name the address and open it in
    the browser."""
    import threading
    import webbrowser

    import uvicorn

    from skat.server import create_app
    from skat.server.connection import uvicorn_options

    if not 1 <= args.port <= 65535:
        raise SkatError(f"the port must be 1 .. 65535, got {args.port}")
    _check_listen(args.host, args.port)
    url = _page_url(args.host, args.port)

    def announce() -> None:
        # the server listens and the app has started (the workers warmed up): the page answers
        why = _ask_page(args.host, args.port)
        if why is None:
            print(f"skat: the game is at {url} (Ctrl-C to stop)", file=sys.stderr, flush=True)
        else:
            print(
                f"skat: the game should be at {url}, but it does not answer: {why}",
                file=sys.stderr,
                flush=True,
            )
        if not args.no_browser:
            webbrowser.open(url)

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            # uvicorn starts the app (its lifespan: the workers' warm-up) and then listens; only
            # then does the page answer, ten seconds and more after the start on a slow machine
            await super().startup(sockets)
            if self.started:
                threading.Thread(target=announce, daemon=True).start()

    app = create_app(player=args.player, warm_up=True)
    print("skat: starting the game (the computer players warm up) ...", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning", **uvicorn_options()
    )
    Server(config).run()
    return 0


def _read_input(name: str) -> str:
    """The text of the file ``name`` (``-``: standard input), read as UTF-8 (a byte order mark
    at the start is dropped); at most :data:`MAX_INPUT_BYTES` are read.

    Raises:
        SkatError: the file cannot be read (missing, a directory, no permission, standard input
            closed), is longer than :data:`MAX_INPUT_BYTES` (``/dev/zero``, a disk image) or is
            not UTF-8 text (names the line of the first bad byte).
    """
    try:
        if name == "-":
            if sys.stdin is None:
                raise SkatError("cannot read -: standard input is closed")
            stream = getattr(sys.stdin, "buffer", None)  # a test's StringIO has none
            reader = sys.stdin if stream is None else stream
            data: str | bytes = reader.read(MAX_INPUT_BYTES + 1)
        else:
            with open(name, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        raise SkatError(f"cannot read {name}: {err.strerror or err}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise SkatError(
            f"cannot read {name}: it is over {MAX_INPUT_BYTES // 2**20} MiB (split it into"
            " smaller files)"
        )
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise SkatError(
            f"cannot read {name}: not UTF-8 text (byte {data[err.start]:#04x} in line {line})"
        ) from None


def _cmd_records_check(args: argparse.Namespace) -> int:
    """Replay every record of the files, recompute its result and compare: exit 1 on any bad
    record, 2 when a file cannot be read or holds no record."""
    import json

    from skat.claim import settle
    from skat.record import check, read_file

    bad = unreadable = 0
    for path in args.files:
        try:
            text = _read_input(path)
        except SkatError as err:  # say so and go on with the next file
            print(f"skat: {err}", file=sys.stderr)
            unreadable += 1
            continue
        records = list(read_file(text))
        if not records:
            print(f"skat: no records in {path}", file=sys.stderr)
            unreadable += 1
        for number, line in records:
            report = check(line, number, claim_check=settle)
            bad += not report.ok
            if args.json:
                print(json.dumps({"file": path, **report.to_json()}, ensure_ascii=False))
                continue
            name = f"{path}:{number} ID {report.id or '?'}"
            recorded = "(none)" if report.recorded is None else f"R[{report.recorded}]"
            if report.error is not None:
                print(f"{name}: ILLEGAL {report.error}  recorded {recorded}")
                continue
            computed = "(not over)" if report.computed is None else f"R[{report.computed}]"
            verdict = "ok" if report.ok else "DIFFERS"
            print(f"{name}: {verdict}  computed {computed}  recorded {recorded}")
            for mismatch in report.mismatches:
                print(f"    {mismatch}")
    return 2 if unreadable else (1 if bad else 0)


def _cmd_solve(args: argparse.Namespace) -> int:
    """Solve open-hand positions (JSON lines, or ISS records at the first card): value, best, ms."""
    import time

    from skat.solver import best_moves, position_from_json, position_from_record, warm_up

    warm_up()
    solved = 0
    for name in args.files or ["-"]:
        for number, line in enumerate(_read_input(name).split("\n"), 1):
            if not line.strip():
                continue
            try:
                if not args.iss:
                    pos, request = position_from_json(line)
                else:
                    found = position_from_record(line)
                    if found is None:
                        print(f"{name}:{number} no card play")
                        solved += 1
                        continue
                    pos, request = found, {}
                mode = "threshold" if "target" in request else request.get("mode", "exact")
                start = time.perf_counter()
                value, best = best_moves(pos, mode, request.get("target", 61))
                ms = (time.perf_counter() - start) * 1000
            except SkatError as err:
                raise SkatError(f"{name}:{number}: {err}") from None
            cards = format_cards(sorted(best, reverse=True)) or "-"
            print(f"{name}:{number} value {value} best {cards} {ms:.1f} ms")
            solved += 1
    if not solved:
        raise SkatError("no position to solve in the input")
    return 0


def _cmd_analyse(args: argparse.Namespace) -> int:
    """Analyse finished deals (ISS records, one a line) with every card open, for one seat."""
    import json

    from skat.analysis import analyse
    from skat.analysis.text import format_analysis
    from skat.claim import settle
    from skat.record import read_file, read_record
    from skat.solver import warm_up

    records = list(read_file(_read_input(args.file)))
    if not records:
        raise SkatError(f"no records in {args.file}")
    warm_up()
    for index, (number, line) in enumerate(records):
        try:
            state = read_record(line, claim_check=settle)
            seat = args.seat
            if seat is None:
                seat = 0 if state.declarer is None else int(state.declarer)
            analysis = analyse(state, seat)
        except SkatError as err:
            raise SkatError(f"{args.file}:{number}: {err}") from None
        if args.json:
            print(json.dumps(analysis.to_json(), ensure_ascii=False))
        else:
            print(("\n" if index else "") + f"{args.file}:{number}")
            print(format_analysis(analysis), end="")
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    """Review finished deals (ISS records, one a line) for one seat: each decision beside the
    strong player's from the seat's information, printed as soon as it is judged."""
    import json

    from skat.analysis.review import Review, open_hand_verdict, review_steps
    from skat.claim import settle
    from skat.record import read_file, read_record
    from skat.solver import warm_up

    records = list(read_file(_read_input(args.file)))
    if not records:
        raise SkatError(f"no records in {args.file}")
    warm_up()
    for index, (number, line) in enumerate(records):
        try:
            state = read_record(line, claim_check=settle)
            seat = args.seat
            if seat is None:
                seat = 0 if state.declarer is None else int(state.declarer)
            steps = review_steps(state, seat)
            if not args.json:
                print(("\n" if index else "") + f"{args.file}:{number} seat {seat}")
                print(_REVIEW_HEADER)
            decisions = []
            for judgement in steps:
                decisions.append(judgement)
                if not args.json:
                    print(_review_row(judgement), flush=True)
            done = Review(seat, state.number, tuple(decisions), open_hand_verdict(state, seat))
        except SkatError as err:
            raise SkatError(f"{args.file}:{number}: {err}") from None
        if args.json:
            print(json.dumps(done.to_json(), ensure_ascii=False))
        else:
            marks = ", ".join(f"{n} {m}" for m, n in done.marks().items() if n)
            print(f"given away: {done.total:.1f} points expected ({marks})")
            print(f"with every card open: {done.open_hand['answer']}")
    return 0


_REVIEW_HEADER = (
    f"{'#':>3} {'phase':<8} {'taken':<8} {'best':<8} {'mark':<10} {'cost':>6} "
    f"{'chance':>13} {'expected':>15}  reason"
)


def _review_row(j: Judgement) -> str:
    """One row of ``skat review``'s table: a :class:`skat.analysis.review.Judgement`."""

    def pair(a: float | None, b: float | None, fmt: str) -> str:
        if a is None and b is None:
            return ""
        return f"{'-' if a is None else format(a, fmt)}/{'-' if b is None else format(b, fmt)}"

    cost = "" if j.cost is None else f"{j.cost:.1f}"
    return (
        f"{j.index:>3} {j.phase:<8} {j.taken:<8} {j.best:<8} {j.mark:<10} {cost:>6} "
        f"{pair(j.taken_chance, j.best_chance, '.3f'):>13} "
        f"{pair(j.taken_expected, j.best_expected, '.1f'):>15}  {j.reason}"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``skat`` command, one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="skat",
        description="Skat under the ISkO: play, check records, solve, run tournaments.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("deal", help="show the hands and the skat of a deal number")
    p.add_argument(
        "number", help="deal number, 0 .. 2^64-1, or with the seat as the browser shows it (42-2)"
    )
    p.set_defaults(func=_cmd_deal)
    p = sub.add_parser("solve", help="solve open-hand positions given as JSON lines")
    p.add_argument("files", nargs="*", help="files of JSON lines (default or '-': stdin)")
    p.add_argument(
        "--iss", action="store_true", help="inputs are ISS records: solve each first card"
    )
    p.set_defaults(func=_cmd_solve)
    p = sub.add_parser(
        "analyse", help="could it have been won? a finished deal with every card open"
    )
    p.add_argument("file", metavar="RECORD_FILE", help="ISS records, one a line (- for stdin)")
    p.add_argument(
        "--seat",
        type=int,
        choices=(0, 1, 2),
        default=None,
        help="the seat to analyse: 0 forehand, 1 middlehand, 2 rearhand (default: the declarer)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per record")
    p.set_defaults(func=_cmd_analyse)
    p = sub.add_parser(
        "review", help="each decision of a seat weighed with what it knew (the strong player's)"
    )
    p.add_argument("file", metavar="RECORD_FILE", help="ISS records, one a line (- for stdin)")
    p.add_argument(
        "--seat",
        type=int,
        choices=(0, 1, 2),
        default=None,
        help="the seat to review: 0 forehand, 1 middlehand, 2 rearhand (default: the declarer)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per record")
    p.set_defaults(func=_cmd_review)
    p = sub.add_parser("records", help="game records (ISS format)")
    rsub = p.add_subparsers(dest="records_command", required=True)
    p = rsub.add_parser("check", help="replay records, recompute and compare their results")
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="files with one record a line (- for standard input)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per record")
    p.set_defaults(func=_cmd_records_check)
    p = sub.add_parser("serve", help="play in the browser against two computer players")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--player", default=None, help="computer level (default: strongest available)")
    p.set_defaults(func=_cmd_serve)
    from skat.arena import add_arena_parser

    add_arena_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``skat`` command; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):
        # a file name that is not UTF-8 (or a character the terminal lacks) is printed escaped
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except SkatError as err:
        text = str(err)
        if len(text) > MAX_MESSAGE:
            text = text[:MAX_MESSAGE] + " …"
        print(f"skat: {text}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader left (``| head``): stop quietly, also when Python flushes at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("skat: interrupted", file=sys.stderr)
        return 130
    return status


MAX_MESSAGE = 300
"""Error messages are cut to this many characters (a bad input may be a whole file)."""

MAX_INPUT_BYTES = 64 * 2**20
"""The longest file ``records check`` and ``solve`` read (64 MiB: about 100,000 ISS records of a
deal each); a longer one is refused before it fills the memory."""


if __name__ == "__main__":
    sys.exit(main())
