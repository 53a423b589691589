#!/usr/bin/env python3
"""Render a JSON Lines file of label cards on a Dask distributed cluster.

The records are split into shards of consecutive lines; each shard is one task that
runs `textlayout cards render` on a worker, writing `<id>.<format>` files into the
output directory, so a shard that runs again overwrites its files instead of adding
copies. Every record that fails, on any worker, is collected into one report with
its line in the input file.

By default the cluster is a local one (one process per worker); given a scheduler
address (`--scheduler tcp://host:8786`), the shards run on its workers, which then
need `textlayout` on their PATH (or at `--textlayout`) and the output directory on
shared storage.

    python3 scripts/render-cluster.py records.jsonl --out cards/ --format png
    python3 scripts/render-cluster.py records.jsonl --out /shared/cards --scheduler tcp://10.0.0.5:8786
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass

ERROR_LINE = re.compile(r"^textlayout: error: line (\d+): (.*)$")


@dataclass
class Shard:
    """Lines `first`... of the input (1-based), as one task renders them."""

    first: int
    text: str


def read_shards(path: str, shard_size: int) -> tuple[list[Shard], list[dict]]:
    """The input's shards, and the records refused before any shard runs.

    A repeated id is refused here, as a single `cards render` run refuses it, since
    shards on different workers cannot see each other's ids; the line is blanked so
    that line numbers in the shards still count from the file's start.
    """
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        lines = handle.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    refused: list[dict] = []
    first_line_of: dict[str, int] = {}
    for index, line in enumerate(lines):
        try:
            record_id = json.loads(line).get("id") if line.strip() else None
        except (ValueError, AttributeError):
            continue  # textlayout reports it, with its line
        if not isinstance(record_id, str):
            continue
        if record_id in first_line_of:
            refused.append({"line": index + 1, "id": record_id,
                            "message": f"id '{record_id}' was already used on line {first_line_of[record_id]}"})
            lines[index] = ""
        else:
            first_line_of[record_id] = index + 1
    shards = [Shard(first=start + 1, text="\n".join(lines[start:start + shard_size]) + "\n")
              for start in range(0, len(lines), shard_size)]
    return shards, refused


def render_shard(shard: Shard, textlayout: str, out: str, options: list[str]) -> dict:
    """Runs `textlayout cards render` on one shard (on a worker); what failed."""
    command = [textlayout, "cards", "render", "-", "--out", out, "--progress", "none", *options]
    result = subprocess.run(command, input=shard.text.encode("utf-8", "surrogateescape"),
                            capture_output=True, check=False)
    errors = result.stderr.decode("utf-8", "replace").splitlines()
    failures = []
    for line in errors:
        match = ERROR_LINE.match(line)
        if match:
            failures.append({"line": shard.first + int(match.group(1)) - 1, "message": match.group(2)})
    lines = shard.text.count("\n")
    if result.returncode not in (0, 65):
        # The whole shard failed (a missing binary, an unwritable directory): say so
        # once, for its range of lines.
        message = errors[-1] if errors else f"textlayout exited {result.returncode}"
        failures.append({"line": shard.first, "lines": lines, "message": message})
    written = re.search(rb"wrote (\d+) of", result.stdout)
    return {"first": shard.first, "written": int(written.group(1)) if written else 0, "failures": failures}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Options after -- go to every textlayout cards render.")
    parser.add_argument("records", help="the JSON Lines file, one card a line")
    parser.add_argument("--out", required=True, help="the directory the files go to (shared, on a real cluster)")
    parser.add_argument("--format", default="svg", choices=["svg", "png", "pdf"])
    parser.add_argument("--scheduler", help="a Dask scheduler's address; default: a local cluster")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="workers of the local cluster (default: one per core)")
    parser.add_argument("--shard-size", type=int, default=500, help="records per task (default 500)")
    parser.add_argument("--textlayout", default="textlayout", help="the textlayout binary on the workers")
    parser.add_argument("--report", help="also write the failures as JSON to this file")
    # After `--`: more options for every `cards render` (--font, --size, --scale …).
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)

    from dask.distributed import Client, LocalCluster, as_completed

    shards, refused = read_shards(args.records, max(1, args.shard_size))
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    options = ["--format", args.format, "--workers", "1", *extra]
    textlayout = os.path.abspath(args.textlayout) if os.sep in args.textlayout else args.textlayout
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(render_shard, shards, textlayout=textlayout, out=out, options=options, pure=False)
        results = []
        on_terminal = sys.stderr.isatty()
        for done, future in enumerate(as_completed(futures), start=1):
            results.append(future.result())
            if on_terminal:
                print(f"\rshards {done}/{len(shards)}", end="", file=sys.stderr, flush=True)
        if shards and on_terminal:
            print(file=sys.stderr)
    finally:
        client.close()
        if not args.scheduler:
            cluster.close()

    failures = sorted(refused + [f for r in results for f in r["failures"]], key=lambda f: f["line"])
    written = sum(r["written"] for r in results)
    for failure in failures:
        print(f"render-cluster: error: line {failure['line']}: {failure['message']}", file=sys.stderr)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            json.dump({"written": written, "failed": len(failures), "failures": failures}, handle, indent=2)
    print(f"wrote {written} cards to {out} in {len(shards)} shards; {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
