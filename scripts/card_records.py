#!/usr/bin/env python3
"""Generated label-card records, as JSON Lines: for the cluster demo and its test.

    python3 scripts/card_records.py 2000 > records.jsonl
"""
from __future__ import annotations

import json
import sys

CATEGORIES = ["xs", "s", "m", "l", "xl", "xxl", "ax1"]


def generated_records(count: int) -> list[str]:
    """`count` records, varied in title, detail, width, scheme and size category.

    Line 777 has a width with no room for text and line 1500 repeats the id of line
    43 (when there are that many), so a run has two failures to report.
    """
    lines = []
    for number in range(count):
        record = {
            "id": f"card-{number:04d}",
            "title": f"Card {number} " + "long title " * (number % 4),
            "detail": f"Detail {number * 7 % 13}",
            "showsDetail": number % 5 != 0,
            "width": 240 + (number * 37) % 240,
            "scheme": "dark" if number % 3 == 0 else "light",
            "sizeCategory": CATEGORIES[number % len(CATEGORIES)],
        }
        if number == 776:
            record["width"] = 30
        if number == 1499:
            record["id"] = "card-0042"
        lines.append(json.dumps(record))
    return lines


if __name__ == "__main__":
    print("\n".join(generated_records(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)))
