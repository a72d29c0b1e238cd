#!/bin/bash
# Runs d3d11vk-demo --check into a temporary folder and checks that a PNG file came out.
# usage: run-demo-test.sh DEMO [EXTRA_ARGS...]   Exit: 0 pass, 1 fail.
set -u
demo=$1
shift
work=$(mktemp -d /tmp/d3d11vk-demo-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$demo" --check -o "$work/demo.png" "$@"
status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: d3d11vk-demo exited with $status"
  exit 1
fi
# The eight-byte PNG signature: the file exists and is a PNG.
if [ "$(head -c 8 "$work/demo.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]; then
  echo "FAIL: $work/demo.png is missing or not a PNG"
  exit 1
fi
echo "PASS: $(stat -c %s "$work/demo.png")-byte PNG, picture checks passed"
