#!/usr/bin/env python3
"""Writes Assets/art/<group>-<day|night>.txt: five lines of plain ASCII per condition group, drawn for this
project. Groups without a sun or moon in them use the same drawing by day and night."""
import os

SUN_CLOUD = [r"   \  /      ", r" _ /''.-.    ", r"   \_(   ).  ", r"   /(___(__) ", r"             "]
MOON_CLOUD = [r"    _..      ", r"  .' .-.     ", r"  | (   ).   ", r"   '(___(__) ", r"             "]
CLOUD = [r"     .-.     ", r"    (   ).   ", r"   (___(__)  "]
ART = {
    "clear": ([r"    \   /    ", r"     .-.     ", r"  - (   ) -  ", r"     `-'     ", r"    /   \    "],
              [r"     _..     ", r"   .' .-'    ", r"  /  /       ", r"  \  '.__.;  ", r"   '._  _.'  "]),
    "fewClouds": (SUN_CLOUD, MOON_CLOUD),
    "clouds": ([r"  \  /       ", r"_ /''.--.    ", r"  \_(    ).  ", r"  (___.__)__)", r"             "],
               [r"   _..       ", r" .' .--.     ", r" | (    ).   ", r" '(___.__)__)", r"             "]),
    "overcast": ([r"     .--.    ", r"  .-(    ).  ", r" (___.__)__) ", r"  .--.       ", r" (______)    "], None),
    "drizzle": (CLOUD + [r"    ' ' ' '  ", r"   ' ' ' '   "], None),
    "rain": (CLOUD + [r"    / / / /  ", r"   / / / /   "], None),
    "showers": ([r" _`/''.-.    ", r"  ,\_(   ).  ", r"   /(___(__) ", r"     / / /   ", r"    / / /    "],
                [r"  .' .-.     ", r"  | (   ).   ", r"   '(___(__) ", r"     / / /   ", r"    / / /    "]),
    "thunderstorm": (CLOUD + [r"    /_/ /_   ", r"     /  /    "], None),
    "snow": (CLOUD + [r"    *  *  *  ", r"   *  *  *   "], None),
    "sleet": (CLOUD + [r"    * / * /  ", r"   / * / *   "], None),
    "mist": ([r" _ - _ - _ - ", r"  _ - _ - _  ", r" _ - _ - _ - ", r"  _ - _ - _  ", r"             "], None),
}

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "art")
os.makedirs(root, exist_ok=True)
for group, (day, night) in ART.items():
    for variant, lines in (("day", day), ("night", night or day)):
        # Five lines of at most 13 columns, the first drawn: the words beside it start on that line.
        assert len(lines) == 5 and all(len(l) <= 13 and l.isascii() for l in lines) and lines[0].strip(), group
        with open(os.path.join(root, "%s-%s.txt" % (group, variant)), "w") as f:
            f.write("\n".join(l.rstrip() for l in lines) + "\n")
