#!/usr/bin/env python3
"""Counts the results of every meson test run plus the release packaging test's exit status, prints
a table, one count line per Vulkan driver and one for the 32-bit tests, and the closing line
"N passed, N failed, N skipped"; exits 1 if anything failed.

usage: summarize-tests.py PACKAGING_EXIT_STATUS RUN...
  RUN is DRIVER:BUILD_DIR:LOGBASE, e.g. "mesa-22.3.6:build/native:testlog" for the results meson
  wrote to build/native/meson-logs/testlog.json while that driver was selected, or
  DRIVER:SKIP:REASON for a driver whose tests could not run (counted as one skipped entry).
  DRIVER "-" marks tests that use no Vulkan driver (the fuzz campaigns); the packaging test is
  counted with them.
"""
import json
import os
import sys

PASSED = {"OK", "EXPECTEDFAIL"}
SKIPPED = {"SKIP"}


class Counts:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def add(self, result):
        if result in PASSED:
            self.passed += 1
        elif result in SKIPPED:
            self.skipped += 1
        else:
            self.failed += 1

    def line(self):
        return f"{self.passed} passed, {self.failed} failed, {self.skipped} skipped"


def main():
    packaging_status = int(sys.argv[1])
    total = Counts()
    per_driver = {}
    win32 = Counts()
    rows = []
    for run in sys.argv[2:]:
        driver, build, logbase = run.split(":", 2)
        counts = per_driver.setdefault(driver, Counts())
        if build == "SKIP":
            rows.append((driver, "-", f"all tests on this driver  ({logbase})", "SKIP"))
            counts.add("SKIP")
            total.add("SKIP")
            continue
        log = os.path.join(build, "meson-logs", logbase + ".json")
        name = os.path.basename(build)
        if not os.path.exists(log):
            rows.append((driver, name, "(no test log: the build or its tests did not run)", "FAIL"))
            counts.add("FAIL")
            total.add("FAIL")
            continue
        with open(log) as f:
            for line in f:
                entry = json.loads(line)
                result = entry["result"]
                counts.add(result)
                total.add(result)
                if name == "win32":
                    win32.add(result)
                test = entry["name"]
                if result in SKIPPED:
                    # A skipped test prints why on a line starting "SKIP:"; show it here.
                    reasons = [l for l in (entry.get("stdout") or "").splitlines() if l.startswith("SKIP:")]
                    if reasons:
                        test += "  (" + reasons[0][5:].strip() + ")"
                rows.append((driver, name, test, result))
    packaging = {0: "OK", 77: "SKIP"}.get(packaging_status, "FAIL")
    rows.append(("-", "release", "package-release", packaging))
    per_driver.setdefault("-", Counts()).add(packaging)
    total.add(packaging)

    for driver, build, name, result in rows:
        print(f"  {result:<6} {driver:<12} {build:<12} {name}")
    for driver, counts in per_driver.items():
        if driver == "-":
            print(f"no driver (fuzz campaigns, release packaging): {counts.line()}")
        else:
            print(f"driver {driver}: {counts.line()}")
    print(f"32-bit (win32 under Wine, all drivers): {win32.line()}")
    print(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
