#!/usr/bin/env python3
"""Counts the results of every meson test run (meson-logs/testlog.json of each build folder) plus
the release packaging test's exit status, prints a table and the closing line
"N passed, N failed, N skipped", and exits 1 if anything failed.

usage: summarize-tests.py PACKAGING_EXIT_STATUS BUILD_DIR...
"""
import json
import os
import sys

PASSED = {"OK", "EXPECTEDFAIL"}
SKIPPED = {"SKIP"}


def main():
    packaging_status = int(sys.argv[1])
    passed = failed = skipped = 0
    rows = []
    for build in sys.argv[2:]:
        log = os.path.join(build, "meson-logs", "testlog.json")
        if not os.path.exists(log):
            rows.append((build, "(no test log: the build or its tests did not run)", "FAIL"))
            failed += 1
            continue
        with open(log) as f:
            for line in f:
                entry = json.loads(line)
                result = entry["result"]
                if result in PASSED:
                    passed += 1
                elif result in SKIPPED:
                    skipped += 1
                else:
                    failed += 1
                name = entry["name"]
                if result in SKIPPED:
                    # A skipped test prints why on a line starting "SKIP:"; show it here.
                    reasons = [l for l in (entry.get("stdout") or "").splitlines() if l.startswith("SKIP:")]
                    if reasons:
                        name += "  (" + reasons[0][5:].strip() + ")"
                rows.append((os.path.basename(build), name, result))
    packaging = {0: "OK", 77: "SKIP"}.get(packaging_status, "FAIL")
    rows.append(("release", "package-release", packaging))
    if packaging == "OK":
        passed += 1
    elif packaging == "SKIP":
        skipped += 1
    else:
        failed += 1

    for build, name, result in rows:
        print(f"  {result:<6} {build:<12} {name}")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
