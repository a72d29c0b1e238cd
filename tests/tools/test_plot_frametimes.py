#!/usr/bin/env python3
"""Checks tools/plot-frametimes.py end to end: it draws a synthetic frame-time log, and the PNG is
decoded here and checked: its size, the printed summary, and that the frame-time trace lies where
the tool's --describe mapping puts 33.333 ms and the 50 ms spikes; bad logs must exit 2 with one
line on stderr and no traceback.

usage: test_plot_frametimes.py [TOOL]   (default: tools/plot-frametimes.py of this repository)
Prints one line per check and "N passed, M failed"; exits 1 when a check fails. Standard library
only, like the tool.
"""
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

FRAMES = 300
BASE_MS = 33.333
SPIKE_MS = 50.0
SPIKES = [40, 100, 160, 220, 280]  # frames far apart, so each spike is its own peak in the picture
GPU_MS = 12.5
WIDTH, HEIGHT = 900, 500

results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok or not detail else f": {detail}"))
    return ok


def write_log(path):
    lines = ["# synthetic log written by test_plot_frametimes.py", "frame,time_ms,present_ms,app_ms,gpu_ms"]
    time_ms = 0.0
    for frame in range(1, FRAMES + 1):
        present = 0.0 if frame == 1 else (SPIKE_MS if frame in SPIKES else BASE_MS)
        time_ms += present
        # GPU time on even frames only: the tool must take an empty gpu_ms as "not measured".
        gpu = f"{GPU_MS:.3f}" if frame % 2 == 0 else ""
        lines.append(f"{frame},{time_ms:.3f},{present:.3f},1.250,{gpu}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def decode_png(data):
    """Returns (width, height, rows of RGB bytes); raises ValueError on anything unexpected."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ValueError(f"bad CRC in {kind!r}")
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR")
    width, height, depth, colour_type, _, _, interlace = header
    if (depth, colour_type, interlace) != (8, 2, 0):
        raise ValueError(f"not 8-bit RGB non-interlaced: {header}")
    raw = zlib.decompress(b"".join(idat))
    bpp, stride = 3, width * 3
    if len(raw) != height * (stride + 1):
        raise ValueError(f"{len(raw)} bytes of scanlines, expected {height * (stride + 1)}")
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        # Undo all five filter types, not only the one the tool writes, so that the test does not
        # depend on how the tool chooses to encode.
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 0:
                continue
            elif kind == 1:
                add = a
            elif kind == 2:
                add = b
            elif kind == 3:
                add = (a + b) // 2
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                add = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            else:
                raise ValueError(f"row {y}: filter type {kind}")
            line[i] = (line[i] + add) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def pixel(rows, x, y):
    return tuple(rows[y][x * 3:x * 3 + 3])


def round_half_up(value):
    return int(math.floor(value + 0.5))


def run(tool, *args):
    return subprocess.run([sys.executable, tool, *args], capture_output=True, text=True, timeout=120)


def check_error(tool, workdir, name, content, want_line):
    path = os.path.join(workdir, name)
    if content is not None:
        with open(path, "w") as f:
            f.write(content)
    result = run(tool, path, "-o", os.path.join(workdir, "error.png"))
    lines = result.stderr.strip().splitlines()
    where = f"{path}:{want_line}:" if want_line else f"{path}:"
    check(f"{name}: exit status 2", result.returncode == 2, f"got {result.returncode}")
    shown = f"{name}:{want_line}:" if want_line else f"{name}:"
    check(f"{name}: one stderr line naming {shown} without a traceback",
          len(lines) == 1 and where in lines[0] and "Traceback" not in result.stderr,
          repr(result.stderr))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    tool = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "tools", "plot-frametimes.py")
    if not os.path.isfile(tool):
        print(f"FAIL tool exists: {tool}")
        print("0 passed, 1 failed")
        return 1

    with tempfile.TemporaryDirectory() as workdir:
        log = os.path.join(workdir, "frames.csv")
        out = os.path.join(workdir, "picture.png")
        write_log(log)
        result = run(tool, log, "-o", out, "--width", str(WIDTH), "--height", str(HEIGHT), "--describe")
        if not check("tool runs", result.returncode == 0, f"exit {result.returncode}: {result.stderr.strip()}"):
            return finish()
        lines = result.stdout.splitlines()
        check("stdout: summary line and --describe JSON", len(lines) == 2, repr(result.stdout))
        summary = lines[0] if lines else ""
        check("summary names the output", summary.startswith(out + ": "), summary)
        numbers = dict(re.findall(r"(frames|median|p99|max|avg fps) ([0-9.]+)", summary))
        check("summary: frames 300", numbers.get("frames") == str(FRAMES), summary)
        check("summary: median 33.33 ms", abs(float(numbers.get("median", "nan")) - BASE_MS) < 0.006, summary)
        # 5 spikes in 299 frame times: the 297th smallest is a spike, so p99 is 50 too.
        check("summary: p99 50.00 ms", abs(float(numbers.get("p99", "nan")) - SPIKE_MS) < 0.006, summary)
        check("summary: max 50.00 ms", abs(float(numbers.get("max", "nan")) - SPIKE_MS) < 0.006, summary)
        total = (FRAMES - 1 - len(SPIKES)) * BASE_MS + len(SPIKES) * SPIKE_MS
        fps = 1000.0 * (FRAMES - 1) / total
        check(f"summary: avg fps {fps:.2f}", abs(float(numbers.get("avg fps", "nan")) - fps) < 0.006, summary)

        try:
            describe = json.loads(lines[1])
            plot = describe["plot"]
            left, top, right, bottom = plot["left"], plot["top"], plot["right"], plot["bottom"]
            x0, x1 = describe["x_range_s"]
            y0, y1 = describe["y_range_ms"]
            frame_colour = tuple(describe["colors"]["frame"])
            gpu_colour = tuple(describe["colors"]["gpu"])
        except (IndexError, ValueError, KeyError, TypeError) as e:
            check("--describe JSON has plot, ranges and colours", False, f"{e}: {lines[1:]}")
            return finish()
        check("y axis from 0 to a bit above the max", y0 == 0 and SPIKE_MS < y1 <= SPIKE_MS * 1.5, f"{y0}..{y1}")

        try:
            with open(out, "rb") as f:
                width, height, rows = decode_png(f.read())
        except (OSError, ValueError, zlib.error) as e:
            check("PNG decodes", False, str(e))
            return finish()
        check("PNG decodes", True)
        check(f"size {WIDTH}x{HEIGHT}", (width, height) == (WIDTH, HEIGHT), f"{width}x{height}")

        def row_of(ms):
            return bottom - round_half_up((ms - y0) / (y1 - y0) * (bottom - top))

        def col_of(seconds):
            return left + round_half_up((seconds - x0) / (x1 - x0) * (right - left))

        def columns_with(colour, row, slack=1):
            return sorted({x for y in range(row - slack, row + slack + 1) for x in range(left, right + 1)
                           if pixel(rows, x, y) == colour})

        base = columns_with(frame_colour, row_of(BASE_MS))
        check(f"trace at 33.333 ms (row {row_of(BASE_MS)}) across the plot", len(base) > (right - left) * 0.8,
              f"{len(base)} of {right - left + 1} columns")
        # Each spike is one peak: the trace colour at the 50 ms row must form one cluster of
        # columns per spike, at the spike frame's time.
        peaks = columns_with(frame_colour, row_of(SPIKE_MS))
        clusters = []
        for x in peaks:
            if clusters and x - clusters[-1][-1] <= 2:
                clusters[-1].append(x)
            else:
                clusters.append([x])
        spike_time = {}
        time_ms = 0.0
        for frame in range(2, FRAMES + 1):
            time_ms += SPIKE_MS if frame in SPIKES else BASE_MS
            if frame in SPIKES:
                spike_time[frame] = round(time_ms, 3) / 1000.0
        expected = [col_of(spike_time[f]) for f in SPIKES]
        found = [min(c, key=lambda x: abs(x - e)) for c, e in zip(clusters, expected)]
        check(f"trace at 50 ms (row {row_of(SPIKE_MS)}) at the {len(SPIKES)} spikes",
              len(clusters) == len(SPIKES) and all(abs(f - e) <= 2 for f, e in zip(found, expected)),
              f"clusters {[(c[0], c[-1]) for c in clusters]}, expected near {expected}")
        above = columns_with(frame_colour, (row_of(SPIKE_MS) + top) // 2, slack=(row_of(SPIKE_MS) - top) // 2 - 2)
        check("no trace above the spikes", not above, f"columns {above[:10]}")
        gpu = columns_with(gpu_colour, row_of(GPU_MS))
        check(f"gpu trace at {GPU_MS} ms (row {row_of(GPU_MS)})", len(gpu) > 0, "no gpu-coloured pixels")

        # Defaults: the output next to the log with .png, 1200x600.
        result = run(tool, log)
        default_out = os.path.join(workdir, "frames.png")
        ok = result.returncode == 0 and result.stdout.startswith(default_out + ": ") and os.path.isfile(default_out)
        if check("default output LOG.png", ok, f"exit {result.returncode}: {result.stdout.strip()} {result.stderr.strip()}"):
            try:
                with open(default_out, "rb") as f:
                    width, height, _ = decode_png(f.read())
                check("default size 1200x600", (width, height) == (1200, 600), f"{width}x{height}")
            except (OSError, ValueError, zlib.error) as e:
                check("default size 1200x600", False, str(e))

        header = "frame,time_ms,present_ms,app_ms,gpu_ms\n"
        check_error(tool, workdir, "malformed.csv", header + "1,0.000,0.000,1.250,\n2,33.333,abc,1.190,\n", 3)
        check_error(tool, workdir, "short-line.csv", header + "1,0.000,0.000,1.250,\n2,33.333,1.190\n", 3)
        check_error(tool, workdir, "bad-header.csv", "frame;time_ms;present_ms\n1;0;0\n", 1)
        check_error(tool, workdir, "empty.csv", "", None)
        check_error(tool, workdir, "missing.csv", None, None)
    return finish()


def finish():
    passed = sum(results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
