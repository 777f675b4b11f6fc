#!/usr/bin/env python3
"""Checks that a PNG (8-bit RGB or RGBA, non-interlaced: what grim and weston-screenshooter write) contains
pixels of the given colours, each within a tolerance per channel. Exit 0 when every colour is found.

    png-has-colors.py FILE RRGGBB [RRGGBB ...] [--tolerance N]

Standard library only (zlib), so the test command needs no imaging package."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main(argv):
    tolerance = 8
    if "--tolerance" in argv:
        k = argv.index("--tolerance")
        tolerance = int(argv[k + 1])
        del argv[k:k + 2]
    path, wanted = argv[0], [tuple(int(h[j:j + 2], 16) for j in (0, 2, 4)) for h in argv[1:]]
    width, height, channels, rows = read_png(path)
    missing = []
    for colour in wanted:
        found = any(
            all(abs(row[x * channels + j] - colour[j]) <= tolerance for j in range(3))
            for row in rows for x in range(width))
        if not found:
            missing.append("%02x%02x%02x" % colour)
    if missing:
        print(f"{path}: no pixel of colour {', '.join(missing)} (tolerance {tolerance})")
        return 1
    print(f"{path}: {width}x{height}, all {len(wanted)} colours present")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
