#!/usr/bin/env python3
"""Render a JSON Lines file of label cards on a Dask distributed cluster.

The records are split into shards of consecutive lines; each shard is one task that
runs `textlayout cards render` on a worker, writing `<id>.<format>` files into the
output directory, so a shard that runs again overwrites its files instead of adding
copies. Every record that fails, on any worker, is collected into one report with
its line in the input file, and so is every shard that could not run at all.

By default the cluster is a local one (one process per worker); given a scheduler
address (`--scheduler tcp://host:8786`), the shards run on its workers, which then
need `textlayout` on their PATH (or at `--textlayout`) and the output directory on
shared storage. The input is read twice (ids first, then shards) and never held
whole: at most a few shards per worker are in flight.

    python3 scripts/render-cluster.py records.jsonl --out cards/ --format png
    python3 scripts/render-cluster.py records.jsonl --out /shared/cards --scheduler tcp://10.0.0.5:8786
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

# sysexits, as `textlayout` uses them; 1 is for shards that failed as a whole.
EX_SHARD_FAILED, EX_USAGE, EX_DATAERR, EX_NOINPUT, EX_UNAVAILABLE, EX_CANTCREAT = 1, 64, 65, 66, 69, 73

ERROR_LINE = re.compile(r"^textlayout: error: line (\d+): (.*)$")
SUMMARY_LINE = re.compile(r"^textlayout: error: \d+ records? failed \(see the lines above\)")
WROTE = re.compile(rb"^wrote (\d+) of (\d+) cards", re.M)
REPEATED_ID = "was already used on line"

EPILOG = """Options after -- go to every `textlayout cards render` (--font, --size, --scale ...).

Exit status: 0 when every card was written; 65 when some records failed (each is
in the report, as `cards render` reports it); 1 when a shard failed as a whole (a
missing binary, a lost worker: its lines are in the report); 64 for a usage error,
66 for an unreadable input, 69 when Dask, the scheduler or textlayout is not
available, 73 when the output directory or the report cannot be written."""


@dataclass
class Shard:
    """Lines `first` ... `first + count - 1` of the input (1-based), as one task renders them."""

    first: int
    count: int
    data: bytes


def input_lines(path: str) -> Iterator[bytes]:
    """The input's lines without their LF, split as `cards render` splits them (only at LF)."""
    with open(path, "rb") as handle:
        for line in handle:
            yield line[:-1] if line.endswith(b"\n") else line


def record_ids(line: bytes) -> list[str]:
    """Every string value of an `id` key in the line; none when it is not JSON.

    A line Python cannot read is one `cards render` refuses too, and reports with its
    line when its shard runs, so it takes no part in the check for repeated ids.
    """
    ids: list[str] = []

    def collect(pairs: list[tuple[str, object]]) -> None:
        ids.extend(value for key, value in pairs if key == "id" and isinstance(value, str))

    try:
        json.loads(line, object_pairs_hook=collect)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return []
    return ids


def lines_with_repeated_ids(path: str) -> tuple[int, dict[int, bytes]]:
    """The number of lines, and every line whose id some other line also has."""
    seen: set[str] = set()
    repeated: set[str] = set()
    count = 0
    for count, line in enumerate(input_lines(path), start=1):
        for record_id in record_ids(line):
            (repeated if record_id in seen else seen).add(record_id)
    if not repeated:
        return count, {}
    return count, {number: line for number, line in enumerate(input_lines(path), start=1)
                   if repeated.intersection(record_ids(line))}


def read_shards(path: str, shard_size: int, refused: set[int]) -> Iterator[Shard]:
    """The input in shards of `shard_size` lines; refused lines are blanked, which
    `cards render` skips, so line numbers still count from the file's start."""
    batch: list[bytes] = []
    first = 1
    for number, line in enumerate(input_lines(path), start=1):
        batch.append(b"" if number in refused else line)
        if len(batch) == shard_size:
            yield Shard(first, len(batch), b"\n".join(batch) + b"\n")
            batch, first = [], number + 1
    if batch:
        yield Shard(first, len(batch), b"\n".join(batch) + b"\n")


def run_textlayout(textlayout: str, out: str, options: list[str], data: bytes) -> subprocess.CompletedProcess:
    """`textlayout cards render -` with `data` on standard input."""
    command = [textlayout, "cards", "render", "-", "--out", out, "--progress", "none", *options]
    return subprocess.run(command, input=data, capture_output=True, check=False)


def shard_failure(shard: Shard, message: str) -> dict:
    """The result of a shard that failed as a whole: its lines, and why."""
    return {"first": shard.first, "written": 0, "notes": [],
            "failures": [{"line": shard.first, "lines": shard.count, "message": message}]}


def shard_result(shard: Shard, result: subprocess.CompletedProcess) -> dict:
    """What one `cards render` run wrote and what failed, with lines in the whole input.

    Exit 0 and 65 are the runs that rendered; when what they print does not add up
    (a count with no lines named, no summary), the shard is reported as failed rather
    than trusted.
    """
    errors = result.stderr.decode("utf-8", "replace").splitlines()
    failures, notes = [], []
    for line in errors:
        if match := ERROR_LINE.match(line):
            failures.append({"line": shard.first + int(match.group(1)) - 1, "message": match.group(2)})
        elif not SUMMARY_LINE.match(line):
            notes.append(line)
    if result.returncode < 0:
        return shard_failure(shard, f"textlayout was killed by signal {-result.returncode}")
    if result.returncode not in (0, 65):
        said = "; ".join(notes) or "nothing on standard error"
        return shard_failure(shard, f"textlayout exited {result.returncode}: {said}")
    wrote = WROTE.search(result.stdout)
    if not wrote or int(wrote.group(2)) - int(wrote.group(1)) != len(failures):
        summary = wrote.group(0).decode() if wrote else "no summary"
        return shard_failure(shard, f"textlayout exited {result.returncode} with {summary} "
                                    f"and {len(failures)} lines named as failed")
    return {"first": shard.first, "written": int(wrote.group(1)), "failures": failures, "notes": notes}


def render_shard(shard: Shard, textlayout: str, out: str, options: list[str]) -> dict:
    """Renders one shard (on a worker): what it wrote, what failed and what else was said."""
    try:
        result = run_textlayout(textlayout, out, options, shard.data)
    except OSError as error:
        return shard_failure(shard, f"cannot run {textlayout}: {error.strerror or error}")
    return shard_result(shard, result)


def preflight(lines: dict[int, bytes], textlayout: str, options: list[str]) -> tuple[list[dict], str | None]:
    """Runs `cards render` once on a worker before any shard: the lines it refuses
    for a repeated id, or why it could not run.

    A binary that is missing or options it refuses stop the run here, once, rather
    than in every shard. Shards on different workers cannot see each other's ids, so
    the lines that share an id (`lines`) are given to `cards render` alone, in order
    and at their own line numbers (the lines between are blank, which it skips): it
    refuses exactly the lines a single run over the whole file refuses, since an id
    counts only once a line with it is a valid record. Its cards go to a directory
    that is then removed. The reason is returned rather than raised, so that the
    worker does not log it as a crash.
    """
    data = b"\n".join(lines.get(number, b"") for number in range(1, max(lines, default=0) + 1))
    scratch = tempfile.mkdtemp(prefix="render-cluster-")
    try:
        result = run_textlayout(textlayout, scratch, options, data)
    except OSError as error:
        return [], f"cannot run {textlayout}: {error.strerror or error}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if result.returncode not in (0, 65):
        said = result.stderr.decode("utf-8", "replace").strip() or "nothing on standard error"
        return [], f"textlayout exited {result.returncode}: {said}"
    verdicts = []
    for line in result.stderr.decode("utf-8", "replace").splitlines():
        match = ERROR_LINE.match(line)
        if match and REPEATED_ID in match.group(2):
            verdicts.append({"line": int(match.group(1)), "message": match.group(2)})
    return verdicts, None


def render_shards(client, as_completed, shards: Iterator[Shard], total: int,
                  task: tuple[str, str, list[str]]) -> list[dict]:
    """Every shard's result, with at most two shards per worker thread in flight, so
    neither this process nor the scheduler holds the whole input.

    A task that raises (a worker lost more often than Dask retries, a result that
    cannot be read) is reported as its shard's failure, and the other shards go on.
    """
    limit = max(4, 2 * sum(client.nthreads().values()))
    pending, shard_of, results = as_completed(), {}, []

    def submit_next() -> None:
        shard = next(shards, None)
        if shard is not None:
            future = client.submit(render_shard, shard, *task, pure=False)
            shard_of[future] = shard
            pending.add(future)

    for _ in range(limit):
        submit_next()
    on_terminal = sys.stderr.isatty()
    for future in pending:
        shard = shard_of.pop(future)
        try:
            results.append(future.result())
        except Exception as error:  # noqa: BLE001 - reported below with the shard's lines
            results.append(shard_failure(shard, f"{type(error).__name__}: {error}"))
        future.release()
        submit_next()
        if on_terminal:
            print(f"\rshards {len(results)}/{total}", end="", file=sys.stderr, flush=True)
    if on_terminal and results:
        print(file=sys.stderr)
    return results


class Parser(argparse.ArgumentParser):
    """argparse, exiting 64 on a usage error as `textlayout` does."""

    def error(self, message: str) -> None:
        self.print_usage(sys.stderr)
        self.exit(EX_USAGE, f"{self.prog}: error: {message}\n")


def parse_arguments(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """The script's options, and those after `--` for every `cards render`."""
    parser = Parser(prog="render-cluster.py", description=__doc__.split("\n\n")[0], epilog=EPILOG,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records", help="the JSON Lines file, one card a line")
    parser.add_argument("--out", required=True, help="the directory the files go to (shared, on a real cluster)")
    parser.add_argument("--format", default="svg", choices=["svg", "png", "pdf"])
    parser.add_argument("--scheduler", help="a Dask scheduler's address; default: a local cluster")
    parser.add_argument("--workers", type=int, help="workers of the local cluster (default: one per core)")
    parser.add_argument("--shard-size", type=int, default=500, help="records per task (default 500)")
    parser.add_argument("--textlayout", default="textlayout", help="the textlayout binary on the workers")
    parser.add_argument("--report", help="also write the failures as JSON to this file")
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    if args.shard_size < 1:
        parser.error(f"--shard-size must be at least 1, not {args.shard_size}")
    if args.workers is not None and (args.scheduler or args.workers < 1):
        parser.error("--workers is for a local cluster (a scheduler has its own workers)" if args.scheduler
                     else f"--workers must be at least 1, not {args.workers}")
    return args, argv[split + 1:]


def fail(status: int, message: str) -> int:
    """Prints `message` as the script's one error line; returns `status`."""
    print(f"render-cluster: error: {message}", file=sys.stderr)
    return status


def connect(args: argparse.Namespace, stack: contextlib.ExitStack, Client, LocalCluster):
    """A client of the scheduler at `--scheduler`, or of a new local cluster that
    closes with `stack`."""
    if args.scheduler:
        return stack.enter_context(Client(args.scheduler, timeout="30s"))
    cluster = stack.enter_context(LocalCluster(n_workers=args.workers or os.cpu_count() or 1,
                                               threads_per_worker=1, processes=True, dashboard_address=None))
    return stack.enter_context(Client(cluster))


def report(args: argparse.Namespace, out: str, results: list[dict], refused: list[dict]) -> int:
    """Prints every failure and a summary, writes `--report`; the exit status."""
    failures = sorted(refused + [f for r in results for f in r["failures"]], key=lambda f: f["line"])
    shards_failed = sum(1 for f in failures if "lines" in f)
    written = sum(r["written"] for r in results)
    for note in sorted({note for r in results for note in r["notes"]}):
        print(f"render-cluster: textlayout said: {note}", file=sys.stderr)
    for f in failures:
        where = f"lines {f['line']}-{f['line'] + f['lines'] - 1}" if "lines" in f else f"line {f['line']}"
        print(f"render-cluster: error: {where}: {f['message']}", file=sys.stderr)
    if args.report:
        try:
            with open(args.report, "w", encoding="utf-8") as handle:
                json.dump({"written": written, "failed": len(failures) - shards_failed,
                           "shardsFailed": shards_failed, "failures": failures}, handle, indent=2)
        except OSError as error:
            return fail(EX_CANTCREAT, f"cannot write the report '{args.report}': {error.strerror or error}")
    print(f"wrote {written} cards to {out} in {len(results)} shards; {len(failures) - shards_failed} records failed"
          + (f"; {shards_failed} shards failed as a whole" if shards_failed else ""))
    return EX_SHARD_FAILED if shards_failed else EX_DATAERR if failures else 0


def main(argv: list[str]) -> int:
    """Runs the script; its exit status (see EPILOG)."""
    args, extra = parse_arguments(argv)
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as error:
        return fail(EX_UNAVAILABLE, f"needs dask[distributed] ({error}); "
                                    "make cluster-venv, or pip install -r scripts/requirements-cluster.txt")
    try:
        line_count, repeated = lines_with_repeated_ids(args.records)
    except OSError as error:
        return fail(EX_NOINPUT, f"cannot read '{args.records}': {error.strerror or error}")
    textlayout = os.path.abspath(args.textlayout) if os.sep in args.textlayout else args.textlayout
    if not args.scheduler and shutil.which(textlayout) is None:
        return fail(EX_UNAVAILABLE, f"no textlayout at '{args.textlayout}' (build it, or give --textlayout)")
    out = os.path.abspath(args.out)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as error:
        return fail(EX_CANTCREAT, f"cannot make '{out}': {error.strerror or error}")
    options = ["--format", args.format, "--workers", "1", *extra]

    with contextlib.ExitStack() as stack:
        try:
            client = connect(args, stack, Client, LocalCluster)
        except (OSError, TimeoutError) as error:
            where = f"reach the scheduler at {args.scheduler}" if args.scheduler else "start a local cluster"
            return fail(EX_UNAVAILABLE, f"cannot {where}: {error}")
        refused, problem = client.submit(preflight, repeated, textlayout, options, pure=False).result()
        if problem:
            return fail(EX_UNAVAILABLE, f"textlayout cannot render on the workers: {problem}")
        shards = read_shards(args.records, args.shard_size, {f["line"] for f in refused})
        total = -(-line_count // args.shard_size)
        results = render_shards(client, as_completed, shards, total, (textlayout, out, options))
    return report(args, out, results, refused)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
