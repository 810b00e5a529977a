#!/usr/bin/env python3
"""Appends files to a copy of the skelsite executable, in the layout that
Sources/SkelSite/SelfContained/ExecutablePayload.swift reads (its doc comment is the
format's one description):

    embed_payload.py EXECUTABLE OUTPUT NAME=PATH ...

NAME is the path inside the payload; PATH a file, or a folder whose files go under NAME/
(sorted, so the same inputs give the same bytes). Links are refused: a released binary
carries files only.
"""
import os
import struct
import sys


def entries(name, path):
    if os.path.islink(path):
        sys.exit(f"embed_payload.py: {path}: error: a link; the payload holds files only")
    if os.path.isfile(path):
        yield name, path
        return
    if not os.path.isdir(path):
        sys.exit(f"embed_payload.py: {path}: error: no such file or folder")
    for child in sorted(os.listdir(path)):
        yield from entries(f"{name}/{child}", os.path.join(path, child))


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    executable, output, pairs = argv[0], argv[1], argv[2:]
    files = []
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not name:
            sys.exit(f"embed_payload.py: error: '{pair}' is not NAME=PATH")
        files.extend(entries(name, path))
    files.sort()
    with open(executable, "rb") as source:
        program = source.read()
    data = bytearray()
    index = bytearray()
    for name, path in files:
        with open(path, "rb") as handle:
            content = handle.read()
        encoded = name.encode("utf-8")
        index += struct.pack("<I", len(encoded)) + encoded + struct.pack("<QQ", len(data), len(content))
        data += content
    trailer = struct.pack("<QQQ", len(program), len(index), len(files)) + b"SKPAYLD1"
    temporary = output + ".partial"
    with open(temporary, "wb") as out:
        out.write(program + data + index + trailer)
    os.chmod(temporary, 0o755)
    os.replace(temporary, output)
    print(f"{output}: {len(program)} bytes of program + {len(data) + len(index) + len(trailer)} "
          f"bytes of payload ({len(files)} files)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
