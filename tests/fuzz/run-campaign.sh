#!/bin/bash
# Runs one libFuzzer target for a fixed time and reports it: executions, edges (coverage) and corpus
# entries on success; the report and the saved input on a finding (a crash, a sanitizer report, an
# abort on invalid SPIR-V or an unexpected error, a timeout or running out of memory).
# usage: run-campaign.sh TARGET WORK_DIR DICTIONARY|'' SEED_DIR...
#   D3D11VK_FUZZ_SECONDS  how long (default 20; docs/fuzzing.md has the longer campaign's command)
#   D3D11VK_FUZZ_TIMEOUT  seconds one input may take before it counts as a hang (default 10).
#                         libFuzzer counts wall time, so a campaign beside other work needs more.
# The work folder gets a fresh corpus (the fuzzer adds what it finds to it; the seed folders are
# only read) and artifacts/, where libFuzzer writes an input that failed.
set -u
target=$1 work=$2 dictionary=$3
shift 3
seconds=${D3D11VK_FUZZ_SECONDS:-20}
seeds=()
for dir in "$@"; do
  if [ -d "$dir" ]; then seeds+=("$dir")
  else echo "note: seed folder $dir is absent (../shared not beside the checkout?); fuzzing without it"; fi
done
rm -rf "$work/corpus" "$work/artifacts" "$work/summary.txt"
mkdir -p "$work/corpus" "$work/artifacts"
log="$work/fuzz.log"
options=(-max_total_time="$seconds" -print_final_stats=1 -timeout="${D3D11VK_FUZZ_TIMEOUT:-10}" -rss_limit_mb=3072
         -artifact_prefix="$work/artifacts/")
[ -n "$dictionary" ] && options+=(-dict="$dictionary")
name=$(basename "$target")
"$target" "${options[@]}" "$work/corpus" "${seeds[@]}" >"$log" 2>&1
status=$?
executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
edges=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*')
corpus=$(grep -o 'corp: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*')
summary="${executions:-?} executions in $seconds s, ${edges:-?} edges, ${corpus:-?} corpus entries"
if [ "$status" -eq 0 ]; then
  echo "PASS: $name: $summary, no finding (log: $log)" | tee "$work/summary.txt"
  exit 0
fi
echo "FAIL: $name: exit status $status; ${summary/ in $seconds s/ of a $seconds s campaign}; the report:" | tee "$work/summary.txt"
grep -E -A25 '^==[0-9]+==ERROR|runtime error|deadly signal|invalid SPIR-V|unexpected error|changed the program|timeout|out-of-memory' "$log" | head -n 60 | sed 's/^/  | /'
ls "$work/artifacts" | sed "s|^|  saved input: $work/artifacts/|"
exit 1
