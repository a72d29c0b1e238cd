#!/bin/sh
# d3d11vk-dxbc end to end: info, disasm, asm, compile/spirv, and the error exit on a file that is not DXBC.
tool="$1"; corpus="$2/vkd3d-d3d12-tests"; work="$3"
set -u
mkdir -p "$work"
fail=0
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi; }

printf 'hello, not a shader\n' > "$work/not.dxbc"
"$tool" info "$work/not.dxbc" > "$work/out.txt" 2> "$work/err.txt"; rc=$?
check "info on a non-DXBC file exits non-zero" "[ $rc -ne 0 ]"
check "and prints one clear error line" "[ \$(wc -l < '$work/err.txt') -eq 1 ] && grep -q 'not a DXBC container' '$work/err.txt'"
"$tool" disasm "$work/not.dxbc" > /dev/null 2>&1
check "disasm on a non-DXBC file exits non-zero" "[ $? -ne 0 ]"
printf 'ps_5_0\nbogus r0\n' > "$work/bad.asm"
"$tool" asm "$work/bad.asm" -o "$work/bad.dxbc" 2> "$work/err.txt"; rc=$?
check "asm with a bad line exits non-zero naming the line" "[ $rc -ne 0 ] && grep -q 'line 2' '$work/err.txt'"
"$tool" > /dev/null 2>&1
check "no arguments prints usage and exits non-zero" "[ $? -ne 0 ]"

if [ -d "$corpus" ]; then
  blob="$corpus/s002.dxbc"
  "$tool" info "$blob" > "$work/info.txt"
  check "info lists chunks, signatures and counts" "grep -q 'SHDR 228 bytes' '$work/info.txt' && grep -q 'SV_INSTANCEID' '$work/info.txt' && grep -q 'instruction counts: 6 instructions, 8 declarations' '$work/info.txt'"
  "$tool" disasm "$blob" > "$work/s002.asm"
  check "disasm writes the code" "grep -q '^mad o0.x, r0.x, l(0.500000), v0.x$' '$work/s002.asm'"
  "$tool" asm "$work/s002.asm" -o "$work/s002.dxbc"
  check "asm output is identical to the original" "cmp -s '$blob' '$work/s002.dxbc'"
  "$tool" info "$corpus/s140.dxbc" > "$work/info2.txt"
  check "info lists declared resources" "grep -q 'dcl_resource_texture2d (float,float,float,float) t0' '$work/info2.txt'"
  "$tool" compile "$blob" -o "$work/s002.spv"
  check "compile writes a SPIR-V module" "[ -s '$work/s002.spv' ] && od -An -tx4 -N4 '$work/s002.spv' | grep -q 07230203"
  if command -v spirv-val > /dev/null; then
    check "which spirv-val accepts" "spirv-val --target-env vulkan1.1 '$work/s002.spv'"
  fi
  "$tool" spirv "$blob" -o "$work/s002b.spv"
  check "spirv -o writes the same module as compile" "cmp -s '$work/s002.spv' '$work/s002b.spv'"
  cp "$corpus/s236.dxbc" "$work/gs.dxbc"; rm -f "$work/gs.spv"
  "$tool" spirv "$work/gs.dxbc"
  check "spirv without -o writes FILE.spv (a geometry shader)" "[ -s '$work/gs.spv' ] && od -An -tx4 -N4 '$work/gs.spv' | grep -q 07230203"
  if command -v spirv-val > /dev/null; then
    check "which spirv-val accepts for Vulkan 1.3" "spirv-val --target-env vulkan1.3 '$work/gs.spv'"
  fi
  "$tool" spirv "$corpus/s309.dxbc" -o "$work/sm51.spv" 2> "$work/err.txt"; rc=$?
  check "spirv of an SM5.1 shader exits 1 with the refusal" "[ $rc -eq 1 ] && grep -q 'unsupported: shader model 5.1' '$work/err.txt'"
  "$tool" spirv "$work/not.dxbc" 2> "$work/err.txt"; rc=$?
  check "spirv of a non-DXBC file exits 1 with one line" "[ $rc -eq 1 ] && [ \$(wc -l < '$work/err.txt') -eq 1 ]"
  "$tool" compile "$work/not.dxbc" -o "$work/not.spv" 2> "$work/err.txt"; rc=$?
  check "compile of a non-DXBC file exits non-zero with one line" "[ $rc -ne 0 ] && [ \$(wc -l < '$work/err.txt') -eq 1 ]"
else
  echo "corpus checks skipped: $corpus is absent (a fresh clone has no ../shared)"
fi
exit $fail
