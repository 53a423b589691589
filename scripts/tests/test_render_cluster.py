"""render-cluster.py against a single `textlayout cards render` run: 2,000 generated
records on a local Dask cluster of two workers give byte-identical files, and the
same failures with the same lines.

Run with the Python that has dask[distributed] (`make cluster-test` makes one):
    TEXTLAYOUT=.build/release/textlayout python -m unittest discover -s scripts/tests
"""
from __future__ import annotations

import filecmp
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


class RenderClusterTests(unittest.TestCase):
    """Line 777 of the generated records has no room for its text and line 1500
    repeats an id: both runs must report the same two failures."""

    def test_a_local_cluster_of_two_workers_writes_what_one_process_writes(self) -> None:
        self.assertTrue(os.access(TEXTLAYOUT, os.X_OK), f"no textlayout at {TEXTLAYOUT}: build it first")
        with tempfile.TemporaryDirectory() as work:
            records = os.path.join(work, "records.jsonl")
            with open(records, "w", encoding="utf-8") as handle:
                handle.write("\n".join(generated_records(2000)) + "\n")
            single, clustered = os.path.join(work, "single"), os.path.join(work, "cluster")

            one = subprocess.run([TEXTLAYOUT, "cards", "render", records, "--out", single, "--format", "png",
                                  "--progress", "none", "--workers", "2", *FONT], capture_output=True, text=True)
            self.assertEqual(one.returncode, 65, one.stderr)
            single_failures = sorted((int(m.group(1)), m.group(2)) for m in
                                     re.finditer(r"^textlayout: error: line (\d+): (.*)$", one.stderr, re.M))

            report = os.path.join(work, "report.json")
            run = subprocess.run([sys.executable, SCRIPT, records, "--out", clustered, "--format", "png",
                                  "--workers", "2", "--shard-size", "250", "--textlayout", TEXTLAYOUT,
                                  "--report", report, "--", *FONT], capture_output=True, text=True)
            self.assertEqual(run.returncode, 1, run.stderr)
            self.assertIn("wrote 1998 cards", run.stdout)

            files = sorted(os.listdir(single))
            self.assertEqual(len(files), 1998)
            self.assertEqual(sorted(os.listdir(clustered)), files)
            match, mismatch, errors = filecmp.cmpfiles(single, clustered, files, shallow=False)
            self.assertEqual((mismatch, errors), ([], []))
            self.assertEqual(len(match), 1998)

            with open(report, encoding="utf-8") as handle:
                cluster_failures = [(f["line"], f["message"]) for f in json.load(handle)["failures"]]
            self.assertEqual(cluster_failures, single_failures)
            self.assertEqual([line for line, _ in cluster_failures], [777, 1500])

            # Shards run again overwrite their files: nothing is added or changed.
            first = os.path.join(work, "first.jsonl")
            with open(first, "w", encoding="utf-8") as handle:
                handle.write("\n".join(generated_records(100)) + "\n")
            again = subprocess.run([sys.executable, SCRIPT, first, "--out", clustered, "--format", "png",
                                    "--workers", "2", "--shard-size", "30", "--textlayout", TEXTLAYOUT,
                                    "--", *FONT], capture_output=True, text=True)
            self.assertEqual(again.returncode, 0, again.stderr)
            self.assertEqual(sorted(os.listdir(clustered)), files)
            self.assertEqual(filecmp.cmpfiles(single, clustered, files, shallow=False)[1:], ([], []))


if __name__ == "__main__":
    unittest.main()
