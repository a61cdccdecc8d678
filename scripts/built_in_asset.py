"""What the scripts that build a data file into the program share (generate-gazetteer.py, generate-coastlines.py,
generate-emma-areas.py): their command line, and writing the asset and its version header, or checking the committed
ones against a build; and the simplifying and the varints of the two that store outlines."""
import math
import os
import sys


def main(name, usage, build, asset_path, version_path, summary):
    """`build(source)` returns the asset's bytes, the header's text and whatever `summary(asset, built)` words after
    writing them. With --check, exits 1 when the committed files differ from the build's, 0 when they match."""
    args = sys.argv[1:]
    check = args[:1] == ["--check"]
    if check:
        args = args[1:]
    if len(args) != 1:
        sys.exit("usage: %s [--check] %s" % (os.path.basename(sys.argv[0]), usage))
    asset, header, built = build(args[0])
    if check:
        same = open(asset_path, "rb").read() == asset and open(version_path).read() == header
        print("%s: the committed asset %s the script's output" % (name, "matches" if same else "DIFFERS FROM"))
        sys.exit(0 if same else 1)
    os.makedirs(os.path.dirname(version_path), exist_ok=True)
    with open(asset_path, "wb") as f:
        f.write(asset)
    with open(version_path, "w") as f:
        f.write(header)
    print("wrote %s: %s" % (os.path.relpath(asset_path, os.getcwd()), summary(asset, built)))


def simplify(points, tolerance, shrink=True):
    """Douglas–Peucker on points in 1e-7 degrees, `tolerance` in degrees, east–west distances times the cosine of the
    latitude unless `shrink` is false (seams, whose corners at the pole would otherwise fold into one point); the ends
    are kept, and a closed loop is split at its point farthest from the first."""
    if len(points) <= 2:
        return points
    xy = [(x / 1e7 * (math.cos(math.radians(y / 1e7)) if shrink else 1), y / 1e7) for x, y in points]
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    if points[0] == points[-1]:  # a closed loop: split it at its farthest point
        far = max(range(len(points)), key=lambda i: (xy[i][0] - xy[0][0]) ** 2 + (xy[i][1] - xy[0][1]) ** 2)
        keep[far] = True
        stack = [(0, far), (far, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = xy[a], xy[b]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        best, index = -1.0, -1
        for i in range(a + 1, b):
            px, py = xy[i]
            d = abs(dx * (py - ay) - dy * (px - ax)) / length if length > 0 else math.hypot(px - ax, py - ay)
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance:
            keep[index] = True
            stack += [(a, index), (index, b)]
    return [p for p, k in zip(points, keep) if k]


def varint(value, out):
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def zigzag(value):
    return (value << 1) ^ (value >> 63)
