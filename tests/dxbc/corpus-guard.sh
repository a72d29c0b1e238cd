#!/bin/sh
# Runs a corpus test, or reports it skipped (exit 77) with the reason when the corpus is absent.
corpus="$1"; shift
if [ ! -d "$corpus" ]; then
  echo "SKIP: DXBC corpus not found at $corpus (a fresh clone has no ../shared; CI has it)"
  exit 77
fi
exec "$@"
