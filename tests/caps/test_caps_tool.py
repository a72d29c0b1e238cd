#!/usr/bin/env python3
"""The caps reporter as a user runs it: JSON on both fixtures, text output, and a clear error with
a non-zero exit for a malformed profile. Exit 77 (skipped) when ../shared is absent.

usage: test_caps_tool.py D3D11VK_CAPS FIXTURE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

tool, fixtures = sys.argv[1], sys.argv[2]
failures = 0


def check(ok, what):
    global failures
    print(("PASS: " if ok else "FAIL: ") + what)
    if not ok:
        failures += 1


def run(*args):
    env = dict(os.environ, D3D11VK_LOG_PATH="none", D3D11VK_LOG_LEVEL="warn")
    return subprocess.run([tool, *args], capture_output=True, text=True, env=env)


if not os.path.isdir(fixtures):
    print(f"SKIP: {fixtures} is absent (../shared is not beside this checkout)")
    sys.exit(77)

for name, level in (("lavapipe-mesa-22.3.6", "11_1"), ("nvidia-h200", "11_1")):
    result = run("--profile", os.path.join(fixtures, name + ".json"), "--json")
    check(result.returncode == 0, f"{name}: exit 0")
    report = json.loads(result.stdout)
    check(report["maxFeatureLevel"] == level, f"{name}: maxFeatureLevel {report['maxFeatureLevel']} == {level}")
    for key in ("adapter", "refusedLevels", "features", "formats"):
        check(key in report, f"{name}: has {key}")
    check("D3D11_OPTIONS" in report["features"], f"{name}: reports D3D11_OPTIONS")
    check("RENDER_TARGET" in report["formats"]["R8G8B8A8_UNORM"]["support"], f"{name}: R8G8B8A8_UNORM renders")
    if level == "11_1":
        check(set(report["refusedLevels"]) == {"12_0", "12_1"}, f"{name}: refused exactly 12_0 and 12_1")
    else:
        check(report["refusedLevels"] == {}, f"{name}: nothing refused")

# Capability sources (docs/caps.md): every capability each fixture and the live device report has
# an entry naming its code and test; --sources exits 1 when one has none.
for name in ("lavapipe-mesa-22.3.6", "lavapipe-mesa-25.0.7", "nvidia-h200"):
    result = run("--profile", os.path.join(fixtures, name + ".json"), "--sources")
    check(result.returncode == 0 and "UNSERVED" not in result.stdout, f"{name}: every reported capability has a source")
result = run("--sources")
if result.returncode == 0 or "UNSERVED" in result.stdout:
    check(result.returncode == 0 and "UNSERVED" not in result.stdout, "the live device: every reported capability has a source")
else:
    print(f"SKIP (live device): d3d11vk-caps --sources could not read a device: {result.stderr.strip()[:200]}")

# A device that cannot run D3D11 at all: the profile was read, so exit 0 with maxFeatureLevel null.
with open(os.path.join(fixtures, "lavapipe-mesa-22.3.6.json")) as f:
    doc = json.load(f)
doc["capabilities"]["device"]["features"]["VkPhysicalDeviceFeatures"]["textureCompressionBC"] = False
with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    json.dump(doc, f)
    no_bc = f.name
result = run("--profile", no_bc, "--json")
report = json.loads(result.stdout) if result.returncode == 0 else {}
check(result.returncode == 0 and report.get("maxFeatureLevel", "x") is None, "no BC compression: exit 0, maxFeatureLevel null")
check("textureCompressionBC" in json.dumps(report.get("refusedLevels", {}).get("9_1", [])), "no BC compression: 9_1 refused for it")
os.unlink(no_bc)

result = run("--profile", os.path.join(fixtures, "lavapipe-mesa-22.3.6.json"))
check(result.returncode == 0 and "max feature level: 11_1" in result.stdout, "text output names the level")

with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    f.write("{ not json")
    broken = f.name
result = run("--profile", broken)
check(result.returncode != 0 and "not valid JSON" in result.stderr and result.stderr.count("\n") == 1,
      "malformed profile: one clear error line and a non-zero exit")
os.unlink(broken)
result = run("--bogus")
check(result.returncode == 2 and "usage" in result.stderr, "unknown option: usage and exit 2")


sys.exit(1 if failures else 0)
