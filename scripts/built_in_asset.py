"""What the scripts that build a data file into the program share (generate-gazetteer.py, generate-coastlines.py):
their command line, and writing the asset and its version header, or checking the committed ones against a build."""
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
