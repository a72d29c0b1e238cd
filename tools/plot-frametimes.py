#!/usr/bin/env python3
"""Draws a d3d11vk frame-time log as a PNG picture that a user can attach to a bug report.

d3d11vk writes the log when D3D11VK_FRAMETIME_LOG=PATH is set: a CSV file with the header
    frame,time_ms,present_ms,app_ms,gpu_ms
and one line per presented frame; gpu_ms is empty where the GPU time was not measured and lines
starting with '#' are comments.

usage: plot-frametimes.py LOG.csv [-o OUT.png] [--width W] [--height H] [--title TEXT] [--describe]
  The picture shows present_ms (frames 2 onward) over time_ms, gpu_ms where present, and dashed
  lines for the median, the 99th percentile and the maximum frame time. One summary line goes to
  stdout:
    OUT.png: frames 600, median 33.35 ms, p99 34.10 ms, max 35.02 ms, avg fps 29.98
  "frames" counts the log's frames; the statistics are over present_ms of frames 2 onward; p99 is
  the nearest-rank percentile (the smallest frame time that at least 99% of frames do not exceed);
  avg fps is 1000 / the mean frame time.
  --describe adds a second stdout line: JSON with the plot rectangle, the axis ranges, the colours
  and the value-to-pixel mapping, so that a test can find the traces in the picture.

Only the Python 3 standard library is used (the tool must run on a bare distribution): the text is
drawn with the bitmap font below and the PNG is written with zlib and struct.
Errors (unreadable file, empty log, bad header, malformed line) print one line on stderr and exit 2.
"""
import argparse
import json
import math
import os
import re
import statistics
import struct
import sys
import zlib

PROG = "plot-frametimes.py"
HEADER = "frame,time_ms,present_ms,app_ms,gpu_ms"
FIELDS = HEADER.split(",")
INTEGER = re.compile(r"[0-9]+\Z")
# The writer prints plain non-negative decimals; anything else (signs, exponents, nan) means the
# file is not what we think it is, so it is refused rather than plotted wrongly.
NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?\Z")

BACKGROUND = (255, 255, 255)
TEXT = (25, 25, 25)
DIM_TEXT = (105, 105, 105)
AXIS = (60, 60, 60)
GRID = (228, 228, 228)
FRAME_COLOUR = (31, 100, 200)
GPU_COLOUR = (240, 130, 10)
MEDIAN_COLOUR = (30, 150, 60)
P99_COLOUR = (150, 80, 190)
MAX_COLOUR = (210, 35, 35)


class LogError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Reading the log

def fail(path, line, message):
    where = f"{path}:{line}" if line else path
    raise LogError(f"{where}: {message}")


def clip_text(text, limit=60):
    return text if len(text) <= limit else text[:limit] + "..."


def read_log(path):
    """Returns [(frame, time_ms, present_ms, app_ms, gpu_ms or None)] or raises LogError."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        fail(path, 0, "no such file")
    except IsADirectoryError:
        fail(path, 0, "is a directory, not a log file")
    except OSError as e:
        fail(path, 0, f"cannot read: {e.strerror or e}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(path, data[:e.start].count(b"\n") + 1, "not a text line (invalid UTF-8); is this a frame-time log?")
    if text.startswith("\ufeff"):  # an editor may have saved it with a byte-order mark
        text = text[1:]

    frames = []
    header_seen = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not header_seen:
            if line != HEADER:
                fail(path, number, f"bad header {clip_text(line)!r}, expected {HEADER!r}")
            header_seen = True
            continue
        if line == HEADER:
            fail(path, number, "a second header line (were two logs concatenated?)")
        values = [v.strip() for v in line.split(",")]
        if len(values) != len(FIELDS):
            fail(path, number, f"expected {len(FIELDS)} comma-separated fields, got {len(values)}: {clip_text(line)!r}")
        if not INTEGER.match(values[0]):
            fail(path, number, f"frame is not a whole number: {clip_text(values[0])!r}")
        frame = int(values[0])
        parsed = []
        for name, value in zip(FIELDS[1:], values[1:]):
            if name == "gpu_ms" and value == "":
                parsed.append(None)
            elif NUMBER.match(value):
                parsed.append(float(value))
            else:
                what = "empty" if value == "" else f"not a number: {clip_text(value)!r}"
                fail(path, number, f"{name} is {what}")
        if frames and frame <= frames[-1][0]:
            fail(path, number, f"frame {frame} is not after the previous line's frame {frames[-1][0]}")
        if frames and parsed[0] < frames[-1][1]:
            fail(path, number, f"time_ms {values[1]} is before the previous frame's {frames[-1][1]:.3f}")
        frames.append((frame, *parsed))

    if not header_seen:
        fail(path, 0, "empty log (no header line)")
    if not frames:
        fail(path, 0, "empty log (a header but no frames)")
    if len(frames) < 2:
        fail(path, 0, "only 1 frame; a frame time needs at least 2 frames")
    return frames


def summarize(frames):
    times = sorted(f[2] for f in frames[1:])
    count = len(times)
    # Nearest rank, in integers so that 0.99 * n cannot round up a rank.
    p99 = times[max(1, -(-99 * count // 100)) - 1]
    total = sum(times)
    return {
        "frames": len(frames),
        "median": statistics.median(times),
        "p99": p99,
        "max": times[-1],
        "fps": 1000.0 * count / total if total > 0 else None,
    }


def summary_text(stats):
    fps = f"{stats['fps']:.2f}" if stats["fps"] is not None else "n/a"
    return (f"frames {stats['frames']}, median {stats['median']:.2f} ms, p99 {stats['p99']:.2f} ms, "
            f"max {stats['max']:.2f} ms, avg fps {fps}")


# ---------------------------------------------------------------------------------------------
# The font: 5x7 capitals and digits in rows 0-6, rows 7-8 for descenders. Each glyph is its rows
# separated by spaces ('#' set); its width is the row length, so narrow glyphs take less room.
# Glyphs of 7 rows get two empty descender rows.

FONT_SOURCE = {
    " ": "... ... ... ... ... ... ...",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": "### .#. .#. .#. .#. .#. ###",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "a": "..... ..... .###. ....# .#### #...# .####",
    "b": "#.... #.... ####. #...# #...# #...# ####.",
    "c": ".... .... .### #... #... #... .###",
    "d": "....# ....# .#### #...# #...# #...# .####",
    "e": "..... ..... .###. #...# ##### #.... .###.",
    "f": "..## .#.. ###. .#.. .#.. .#.. .#..",
    "g": "..... ..... .#### #...# #...# #...# .#### ....# .###.",
    "h": "#.... #.... ####. #...# #...# #...# #...#",
    "i": ".#. ... ##. .#. .#. .#. ###",
    "j": "...# .... ..## ...# ...# ...# ...# #..# .##.",
    "k": "#... #... #..# #.#. ##.. #.#. #..#",
    "l": "##. .#. .#. .#. .#. .#. ###",
    "m": "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
    "n": "..... ..... ####. #...# #...# #...# #...#",
    "o": "..... ..... .###. #...# #...# #...# .###.",
    "p": "..... ..... ####. #...# #...# #...# ####. #.... #....",
    "q": "..... ..... .#### #...# #...# #...# .#### ....# ....#",
    "r": ".... .... #.## ##.. #... #... #...",
    "s": ".... .... .### #... .##. ...# ###.",
    "t": ".#.. .#.. ###. .#.. .#.. .#.# ..#.",
    "u": "..... ..... #...# #...# #...# #..## .##.#",
    "v": "..... ..... #...# #...# #...# .#.#. ..#..",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    "y": "..... ..... #...# #...# #...# #...# .#### ....# .###.",
    "z": "..... ..... ##### ...#. ..#.. .#... #####",
    ".": ".. .. .. .. .. ## ##",
    ",": ".. .. .. .. .. ## ## .# #.",
    ":": ".. ## ## .. ## ## ..",
    "%": "##..# ##..# ...#. ..#.. .#... #..## #..##",
    "(": "..# .#. #.. #.. #.. .#. ..#",
    ")": "#.. .#. ..# ..# ..# .#. #..",
    "-": ".... .... .... #### .... .... ....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    "=": ".... .... #### .... #### .... ....",
    "/": "....# ....# ...#. ..#.. .#... #.... #....",
    "_": "..... ..... ..... ..... ..... ..... ..... #####",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
}
GLYPH_ROWS = 9
CAP_ROWS = 7


def build_font(source):
    font = {}
    for char, spec in source.items():
        rows = spec.split()
        width = len(rows[0])
        assert all(len(r) == width for r in rows) and len(rows) <= GLYPH_ROWS, char
        rows += ["." * width] * (GLYPH_ROWS - len(rows))
        font[char] = (width, [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "#"])
    return font


FONT = build_font(FONT_SOURCE)


def glyph(char):
    # File names and titles may hold anything; a visible '?' says a character was not drawable.
    return FONT.get(char) or FONT["?"]


def text_width(text, scale):
    if not text:
        return 0
    return sum(glyph(c)[0] + 1 for c in text) * scale - scale


def fit_text(text, scale, room):
    """Shortens text with "..." until it fits room pixels: a cut-off word looks like a bug."""
    if text_width(text, scale) <= room:
        return text
    while text and text_width(text + "...", scale) > room:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


# ---------------------------------------------------------------------------------------------
# Drawing

class Canvas:
    def __init__(self, width, height, colour):
        self.width = width
        self.height = height
        self.pixels = bytearray(bytes(colour) * (width * height))
        self.clip = (0, 0, width - 1, height - 1)

    def dot(self, x, y, colour):
        left, top, right, bottom = self.clip
        if left <= x <= right and top <= y <= bottom:
            i = (y * self.width + x) * 3
            self.pixels[i:i + 3] = bytes(colour)

    def rect(self, x0, y0, x1, y1, colour):
        """Fills the inclusive rectangle, clipped."""
        left, top, right, bottom = self.clip
        x0, x1 = max(x0, left), min(x1, right)
        y0, y1 = max(y0, top), min(y1, bottom)
        if x0 > x1 or y0 > y1:
            return
        run = bytes(colour) * (x1 - x0 + 1)
        for y in range(y0, y1 + 1):
            i = (y * self.width + x0) * 3
            self.pixels[i:i + len(run)] = run

    def line(self, x0, y0, x1, y1, colour):
        # Bresenham: no anti-aliasing, so each trace keeps exactly its colour and stays
        # recognisable (and testable) where traces cross.
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.dot(x0, y0, colour)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def dashed_hline(self, x0, x1, y, colour, dash, gap):
        x = x0
        while x <= x1:
            self.rect(x, y, min(x + dash - 1, x1), y, colour)
            x += dash + gap

    def text(self, x, y, text, scale, colour):
        """Draws text with its top-left corner at (x, y); returns the width drawn."""
        cursor = x
        for char in text:
            width, bits = glyph(char)
            for gx, gy in bits:
                self.rect(cursor + gx * scale, y + gy * scale,
                          cursor + gx * scale + scale - 1, y + gy * scale + scale - 1, colour)
            cursor += (width + 1) * scale
        return cursor - x - scale

    def text_up(self, x, y, text, scale, colour):
        """Draws text reading bottom to top (rotated 90 degrees counter-clockwise): the glyphs'
        tops face left at column x and the text starts at row y, going up."""
        cursor = y
        for char in text:
            width, bits = glyph(char)
            for gx, gy in bits:
                px, py = x + gy * scale, cursor - (gx + 1) * scale + 1
                self.rect(px, py, px + scale - 1, py + scale - 1, colour)
            cursor -= (width + 1) * scale

    def scanlines(self):
        stride = self.width * 3
        raw = b"".join(b"\x00" + bytes(self.pixels[y * stride:(y + 1) * stride]) for y in range(self.height))
        return raw


def png_bytes(canvas, texts):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", canvas.width, canvas.height, 8, 2, 0, 0, 0)  # 8-bit RGB
    out = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", ihdr)]
    for key, value in texts:
        # tEXt is Latin-1; the values are for people reading the file's metadata, so a lossy
        # replacement is acceptable.
        out.append(chunk(b"tEXt", key.encode("latin-1") + b"\x00" + value.encode("latin-1", "replace")))
    out.append(chunk(b"IDAT", zlib.compress(canvas.scanlines(), 9)))
    out.append(chunk(b"IEND", b""))
    return b"".join(out)


# ---------------------------------------------------------------------------------------------
# Axes

def nice_step(raw):
    """The smallest 1, 2, 2.5 or 5 times a power of ten that is at least raw."""
    if raw <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw * (1 - 1e-9):
            return factor * power
    return 10 * power


def tick_label(value, step):
    # As many decimals as the step needs, so that 2.5-steps do not print as 2 or 3.
    for decimals in range(0, 4):
        scaled = step * 10 ** decimals
        if abs(scaled - round(scaled)) < 1e-6:
            break
    return f"{value:.{decimals}f}"


def ticks(low, high, step):
    first = math.ceil(low / step - 1e-9)
    values = []
    k = first
    while k * step <= high + step * 1e-9:
        values.append(k * step)
        k += 1
    return values


def round_half_up(value):
    return int(math.floor(value + 0.5))


# ---------------------------------------------------------------------------------------------
# The picture

def render(frames, stats, width, height, title):
    scale = max(1, round_half_up(min(width / 600, height / 300)))
    pad = 6 * scale
    line_h = GLYPH_ROWS * scale
    canvas = Canvas(width, height, BACKGROUND)

    points = [(f[1] / 1000.0, f[2]) for f in frames[1:]]
    gpu = [(f[1] / 1000.0, f[4]) for f in frames]
    measured = [v for _, v in gpu if v is not None]

    # Title: one size larger when it fits; otherwise smaller, then shortened.
    y = pad
    title_scale = scale + 1
    while title_scale > 1 and text_width(title, title_scale) > width - 2 * pad:
        title_scale -= 1
    canvas.text(pad, y, fit_text(title, title_scale, width - 2 * pad), title_scale, TEXT)
    y += GLYPH_ROWS * title_scale + scale
    canvas.text(pad, y, fit_text(summary_text(stats), scale, width - 2 * pad), scale, DIM_TEXT)
    y += line_h + 3 * scale

    legend = [(FRAME_COLOUR, "frame time (present to present)")]
    if measured:
        legend.append((GPU_COLOUR, "gpu time"))
    legend_y = y
    y += line_h + pad

    # Vertical layout first: the y ticks depend on the plot's height, the left margin on them.
    plot_top = y
    plot_bottom = height - 1 - (pad + line_h + scale * 3 + line_h + 3 * scale)
    if plot_bottom - plot_top < 20:
        raise LogError(f"--height {height} leaves no room for the plot")

    ymax = max([stats["max"]] + measured) or 1.0
    target = max(2, min(8, (plot_bottom - plot_top) // (30 * scale)))
    y_step = nice_step(ymax * 1.05 / target)
    y_top = math.ceil(ymax * 1.05 / y_step - 1e-9) * y_step
    y_ticks = ticks(0.0, y_top, y_step)
    y_labels = [tick_label(v, y_step) for v in y_ticks]

    y_title = "frame time (ms)"
    plot_left = pad + line_h + 2 * scale + max(text_width(t, scale) for t in y_labels) + 5 * scale
    lines = [("median", stats["median"], MEDIAN_COLOUR), ("p99", stats["p99"], P99_COLOUR),
             ("max", stats["max"], MAX_COLOUR)]
    line_labels = [f"{name} {value:.2f} ms" for name, value, _ in lines]
    leader = 8 * scale
    plot_right = width - 1 - pad - leader - max(text_width(t, scale) for t in line_labels)
    if plot_right - plot_left < 40:
        raise LogError(f"--width {width} leaves no room for the plot")

    x0 = frames[0][1] / 1000.0
    x1 = frames[-1][1] / 1000.0
    if x1 <= x0:
        x1 = x0 + 1.0
    x_target = max(2, min(12, (plot_right - plot_left) // (45 * scale)))
    x_step = nice_step((x1 - x0) / x_target)
    x_ticks = ticks(x0, x1, x_step)

    def col(t):
        return plot_left + round_half_up((t - x0) / (x1 - x0) * (plot_right - plot_left))

    def row(v):
        return plot_bottom - round_half_up(v / y_top * (plot_bottom - plot_top))

    # Grid and axes.
    for v in y_ticks:
        canvas.rect(plot_left, row(v), plot_right, row(v), GRID)
    for t in x_ticks:
        canvas.rect(col(t), plot_top, col(t), plot_bottom, GRID)
    canvas.rect(plot_left, plot_top, plot_left, plot_bottom, AXIS)
    canvas.rect(plot_left, plot_bottom, plot_right, plot_bottom, AXIS)
    tick_len = 3 * scale
    digit_mid = CAP_ROWS * scale // 2
    for v, label in zip(y_ticks, y_labels):
        r = row(v)
        canvas.rect(plot_left - tick_len, r, plot_left - 1, r, AXIS)
        canvas.text(plot_left - tick_len - 2 * scale - text_width(label, scale), r - digit_mid, label, scale, TEXT)
    label_y = plot_bottom + tick_len + 2 * scale
    for t in x_ticks:
        c = col(t)
        label = tick_label(t, x_step)
        canvas.rect(c, plot_bottom + 1, c, plot_bottom + tick_len, AXIS)
        lw = text_width(label, scale)
        canvas.text(min(max(c - lw // 2, 0), width - lw), label_y, label, scale, TEXT)
    x_title = "time (s)"
    canvas.text((plot_left + plot_right - text_width(x_title, scale)) // 2, label_y + line_h + scale,
                x_title, scale, TEXT)
    canvas.text_up(pad, (plot_top + plot_bottom + text_width(y_title, scale)) // 2, y_title, scale, TEXT)

    # Percentile lines go under the traces: the median usually lies on the trace, which matters
    # more. Their labels sit in the right margin, pushed apart when values are close, with a
    # leader from the line's end.
    label_h = CAP_ROWS * scale
    placed = []
    # Highest value first; on ties "max" stays above "p99" above "median", as their meaning goes.
    order = sorted(range(len(lines)), key=lambda i: (-lines[i][1], -i))
    for (name, value, colour), label in [(lines[i], line_labels[i]) for i in order]:
        want = row(value) - label_h // 2
        if placed:
            want = max(want, placed[-1][0] + label_h + 2 * scale)
        placed.append((want, row(value), colour, label))
    overflow = placed[-1][0] + label_h - plot_bottom
    if overflow > 0:
        placed = [(top - overflow, r, c, l) for top, r, c, l in placed]
    for top, r, colour, label in placed:
        canvas.dashed_hline(plot_left + 1, plot_right, r, colour, 6 * scale, 4 * scale)
        canvas.rect(plot_right, r, plot_right + 2 * scale, r, colour)
        canvas.line(plot_right + 2 * scale, r, plot_right + leader - 2 * scale, top + label_h // 2, colour)
        canvas.text(plot_right + leader, top, label, scale, colour)

    # Traces, clipped to the plot: the GPU line first so the frame-time line stays on top.
    canvas.clip = (plot_left + 1, plot_top, plot_right, plot_bottom - 1)
    previous = None
    for t, v in gpu:
        if v is None:
            previous = None
            continue
        here = (col(t), row(v))
        if previous is None:
            # A sample between unmeasured frames has no neighbour to join; a small square keeps
            # it visible without inventing the missing values.
            size = max(2, scale)
            canvas.rect(here[0], here[1] - size // 2, here[0] + size - 1, here[1] - size // 2 + size - 1, GPU_COLOUR)
        else:
            canvas.line(previous[0], previous[1], here[0], here[1], GPU_COLOUR)
        previous = here
    previous = None
    for t, v in points:
        here = (col(t), row(v))
        if previous is None:
            canvas.dot(here[0], here[1], FRAME_COLOUR)
        elif here != previous:
            canvas.line(previous[0], previous[1], here[0], here[1], FRAME_COLOUR)
        previous = here
    canvas.clip = (0, 0, width - 1, height - 1)

    # Legend.
    x = plot_left
    sample_w = 16 * scale
    if not measured:
        legend.append((None, "gpu time: not measured"))
    for colour, label in legend:
        room = width - pad - x - (sample_w + 3 * scale if colour else 0)
        if text_width(label, scale) > room:
            break  # a legend entry cut in half would mislead more than a missing one
        if colour:
            mid = legend_y + label_h // 2
            canvas.rect(x, mid - (scale - 1) // 2, x + sample_w - 1, mid + scale // 2, colour)
            x += sample_w + 3 * scale
        x += canvas.text(x, legend_y, label, scale, TEXT if colour else DIM_TEXT) + 10 * scale

    describe = {
        "image": [width, height],
        "plot": {"left": plot_left, "top": plot_top, "right": plot_right, "bottom": plot_bottom},
        "x_range_s": [x0, x1],
        "y_range_ms": [0.0, y_top],
        "colors": {"frame": FRAME_COLOUR, "gpu": GPU_COLOUR, "median": MEDIAN_COLOUR,
                   "p99": P99_COLOUR, "max": MAX_COLOUR},
        "mapping": "col = left + round_half_up((time_ms / 1000 - x0) / (x1 - x0) * (right - left)); "
                   "row = bottom - round_half_up(ms / y1 * (bottom - top))",
    }
    return canvas, describe


# ---------------------------------------------------------------------------------------------

def size_arg(low, high):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low}..{high}")
        return value
    return parse


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description="Draws a d3d11vk frame-time log (D3D11VK_FRAMETIME_LOG) as a PNG.")
    parser.add_argument("log", metavar="LOG.csv")
    parser.add_argument("-o", "--output", metavar="OUT.png", help="default: LOG with .png")
    parser.add_argument("--width", type=size_arg(300, 8000), default=1200)
    parser.add_argument("--height", type=size_arg(200, 8000), default=600)
    parser.add_argument("--title", help="default: the log's file name")
    parser.add_argument("--describe", action="store_true",
                        help="also print the plot rectangle, axis ranges and colours as JSON")
    args = parser.parse_args(argv)

    output = args.output or os.path.splitext(args.log)[0] + ".png"
    try:
        if os.path.abspath(output) == os.path.abspath(args.log):
            raise LogError(f"{output}: the output would overwrite the log; name another with -o")
        frames = read_log(args.log)
        stats = summarize(frames)
        title = args.title if args.title is not None else os.path.basename(args.log)
        canvas, describe = render(frames, stats, args.width, args.height, title)
        data = png_bytes(canvas, [("Title", title), ("Software", "d3d11vk tools/plot-frametimes.py"),
                                  ("Comment", summary_text(stats))])
        try:
            with open(output, "wb") as f:
                f.write(data)
        except OSError as e:
            raise LogError(f"{output}: cannot write: {e.strerror or e}")
    except LogError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2
    print(f"{output}: {summary_text(stats)}")
    if args.describe:
        print(json.dumps(describe))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
