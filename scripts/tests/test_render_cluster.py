"""render-cluster.py against a single `textlayout cards render` run: 2,000 generated
records on a local Dask cluster of two workers give byte-identical files, and the
same failures with the same lines.

Run with the Python that has dask[distributed] (`make cluster-test` makes one):
    TEXTLAYOUT=.build/release/textlayout python -m unittest discover -s scripts/tests
"""
from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "render-cluster.py")
TEXTLAYOUT = os.path.abspath(os.environ.get("TEXTLAYOUT", os.path.join(ROOT, ".build", "release", "textlayout")))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from card_records import generated_records  # noqa: E402

FONT = ["--font", os.path.join(ROOT, "testdata", "fonts", "DejaVuSans.ttf"), "--no-system-fallback"]
ERROR_LINE = re.compile(r"^textlayout: error: line (\d+): (.*)$", re.M)


def load_script():
    """render-cluster.py as a module (its name is not one `import` takes)."""
    spec = importlib.util.spec_from_file_location("render_cluster", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class RenderClusterTests(unittest.TestCase):
    """The cluster runs one `textlayout` per shard; a single run is the reference."""

    def setUp(self) -> None:
        self.assertTrue(os.access(TEXTLAYOUT, os.X_OK), f"no textlayout at {TEXTLAYOUT}: build it first")
        self.work = tempfile.TemporaryDirectory()
        self.addCleanup(self.work.cleanup)

    def path(self, name: str) -> str:
        return os.path.join(self.work.name, name)

    def write_records(self, name: str, lines: list[str], end: str = "\n") -> str:
        with open(self.path(name), "w", encoding="utf-8", newline="") as handle:
            handle.write(end.join(lines) + end)
        return self.path(name)

    def render_single(self, records: str, out: str) -> list[tuple[int, str]]:
        one = subprocess.run([TEXTLAYOUT, "cards", "render", records, "--out", out, "--format", "png",
                              "--progress", "none", "--workers", "2", *FONT], capture_output=True, text=True)
        self.assertEqual(one.returncode, 65, one.stderr)
        return sorted((int(m.group(1)), m.group(2)) for m in ERROR_LINE.finditer(one.stderr))

    def render_cluster(self, records: str, out: str, shard_size: int, *more: str,
                       textlayout: str = TEXTLAYOUT) -> tuple[subprocess.CompletedProcess, dict]:
        report = self.path("report.json")
        run = subprocess.run([sys.executable, SCRIPT, records, "--out", out, "--format", "png", "--workers", "2",
                              "--shard-size", str(shard_size), "--textlayout", textlayout, "--report", report,
                              *more, "--", *FONT], capture_output=True, text=True)
        self.assertNotIn("Traceback", run.stderr)
        with open(report, encoding="utf-8") as handle:
            return run, json.load(handle)

    def test_a_local_cluster_of_two_workers_writes_what_one_process_writes(self) -> None:
        """Line 777 of the generated records has no room for its text and line 1500
        repeats an id: both runs must report the same two failures."""
        records = self.write_records("records.jsonl", generated_records(2000))
        single, clustered = self.path("single"), self.path("cluster")
        single_failures = self.render_single(records, single)

        run, report = self.render_cluster(records, clustered, 250)
        self.assertEqual(run.returncode, 65, run.stderr)
        self.assertIn("wrote 1998 cards", run.stdout)

        files = sorted(os.listdir(single))
        self.assertEqual(len(files), 1998)
        self.assertEqual(sorted(os.listdir(clustered)), files)
        match, mismatch, errors = filecmp.cmpfiles(single, clustered, files, shallow=False)
        self.assertEqual((mismatch, errors), ([], []))
        self.assertEqual(len(match), 1998)
        self.assertEqual([(f["line"], f["message"]) for f in report["failures"]], single_failures)
        self.assertEqual([line for line, _ in single_failures], [777, 1500])

        # Shards run again overwrite their files: nothing is added or changed.
        again, _ = self.render_cluster(self.write_records("first.jsonl", generated_records(100)), clustered, 30)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(sorted(os.listdir(clustered)), files)
        self.assertEqual(filecmp.cmpfiles(single, clustered, files, shallow=False)[1:], ([], []))

    def test_an_id_counts_from_its_first_valid_line_across_shards(self) -> None:
        """A repeated id whose first line is not a valid record: the single run
        renders the second line and refuses the third, and so must the cluster, with
        each line in a shard of its own (CR LF line ends and blank lines included)."""
        card = '{"id": "same", "title": "%s", "width": %d}'
        lines = [card % ("no room", -1), "", card % ("second", 200), card % ("third", 200), "not json",
                 '{"id": "other", "title": "other", "width": 200}']
        records = self.write_records("repeated.jsonl", lines, end="\r\n")
        single, clustered = self.path("single"), self.path("cluster")
        single_failures = self.render_single(records, single)
        self.assertEqual([line for line, _ in single_failures], [1, 4, 5])

        run, report = self.render_cluster(records, clustered, 1)
        self.assertEqual(run.returncode, 65, run.stderr)
        self.assertEqual([(f["line"], f["message"]) for f in report["failures"]], single_failures)
        self.assertEqual(sorted(os.listdir(clustered)), ["other.png", "same.png"])
        self.assertEqual(filecmp.cmpfiles(single, clustered, ["other.png", "same.png"], shallow=False)[1:], ([], []))

    def test_a_shard_whose_textlayout_fails_is_reported_with_its_lines(self) -> None:
        """A binary that passes the first run but dies in a shard: the shard's lines
        are in the report and the run exits 1; the other shards are written."""
        fake = self.path("textlayout")
        with open(fake, "w", encoding="utf-8") as handle:
            handle.write("#!/bin/sh\ninput=$(cat)\n"
                         'case "$input" in *crash*) echo "textlayout: oh no" >&2; exit 3;; esac\n'
                         f'printf "%s\\n" "$input" | exec "{TEXTLAYOUT}" "$@"\n')
        os.chmod(fake, 0o755)
        lines = generated_records(6)
        lines[3] = lines[3].replace('"title": "', '"title": "crash ')
        run, report = self.render_cluster(self.write_records("crash.jsonl", lines), self.path("out"), 2,
                                          textlayout=fake)
        self.assertEqual(run.returncode, 1, run.stderr)
        self.assertEqual(report["failures"], [{"line": 3, "lines": 2, "message": "textlayout exited 3: textlayout: oh no"}])
        self.assertEqual((report["written"], report["shardsFailed"]), (4, 1))
        self.assertIn("render-cluster: error: lines 3-4: textlayout exited 3", run.stderr)

    def test_what_textlayout_says_must_add_up(self) -> None:
        """A run that counts a failure it does not name is not trusted."""
        script = load_script()
        shard = script.Shard(first=11, count=3, data=b"")
        said = subprocess.CompletedProcess([], 65, stdout=b"wrote 1 of 3 cards to /x\n",
                                           stderr=b"textlayout: error: line 2: not valid JSON\n")
        result = script.shard_result(shard, said)
        self.assertEqual(result["failures"], [{"line": 11, "lines": 3, "message":
                                               "textlayout exited 65 with wrote 1 of 3 cards and 1 lines named as failed"}])
        said.stderr += b"textlayout: error: line 3: not valid JSON\ntextlayout: note: something else\n"
        result = script.shard_result(shard, said)
        self.assertEqual([f["line"] for f in result["failures"]], [12, 13])
        self.assertEqual((result["written"], result["notes"]), (1, ["textlayout: note: something else"]))


if __name__ == "__main__":
    unittest.main()
