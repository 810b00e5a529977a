#!/usr/bin/env python3
"""Oracle for skelsite's pixel diff: runs pixelmatch (PyPI, a port of the JavaScript
reference) and pybind11-pixelmatch (a C++ port) on raw RGBA pairs.

Usage: pixelmatch_oracle.py MANIFEST.json
The manifest is a list of cases:
  {"a": "a.rgba", "b": "b.rgba", "width": W, "height": H, "threshold": 0.1,
   "include_aa": false, "diff_mask": false, "output": "diff.rgba"}
For each case it prints one line of JSON: {"python": N, "cpp": M}, and writes the
PyPI pixelmatch diff picture (raw RGBA, drawn over a transparent image) to "output",
and pybind11-pixelmatch's picture to "output" + ".cpp".
Exit 3 when a module is missing (the test then skips with that message).
"""
import json
import sys

try:
    import numpy as np
    from pixelmatch import pixelmatch as py_pixelmatch
    import pybind11_pixelmatch as cpp
except ImportError as error:  # the caller skips with this message
    print(f"missing python module: {error.name}", file=sys.stderr)
    sys.exit(3)


def run_case(case):
    with open(case["a"], "rb") as f:
        a = f.read()
    with open(case["b"], "rb") as f:
        b = f.read()
    w, h = case["width"], case["height"]
    threshold = case["threshold"]
    include_aa = case["include_aa"]
    diff_mask = case["diff_mask"]

    out_py = bytearray(w * h * 4)
    count_py = py_pixelmatch(a, b, w, h, out_py, threshold=threshold,
                             includeAA=include_aa, diff_mask=diff_mask)

    options = cpp.Options()
    options.threshold = threshold
    options.includeAA = include_aa
    options.diffMask = diff_mask
    img1 = np.frombuffer(a, dtype=np.uint8).reshape(h, w, 4)
    img2 = np.frombuffer(b, dtype=np.uint8).reshape(h, w, 4)
    out_cpp = np.zeros((h, w, 4), dtype=np.uint8)
    count_cpp = cpp.pixelmatch(img1, img2, output=out_cpp, options=options)

    if case.get("output"):
        with open(case["output"], "wb") as f:
            f.write(bytes(out_py))
        with open(case["output"] + ".cpp", "wb") as f:
            f.write(out_cpp.tobytes())
    return {"python": count_py, "cpp": int(count_cpp)}


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    for case in cases:
        print(json.dumps(run_case(case)))


if __name__ == "__main__":
    main()
