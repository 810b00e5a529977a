"""Reads the xUnit report `swift test --xunit-output` writes for Swift Testing and
fails when any test was skipped or none ran.

Tests that need a tool (Chromium, Firefox, node, Pillow, pixelmatch, PyYAML) skip
themselves without it; scripts/setup.sh installs them all, so in the test command a
skip means setup broke. The report is read, not the console text, so a change in how
`swift test` words its output cannot hide a skip.

Usage: python3 scripts/lib/test_report.py REPORT.xml"""
import sys
import xml.etree.ElementTree as ET

def main(path):
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    total = sum(int(s.get("tests", "0")) for s in suites)
    failed = sum(int(s.get("failures", "0")) + int(s.get("errors", "0")) for s in suites)
    skipped = [
        f'{case.get("classname")}.{case.get("name")}'
        for case in root.iter("testcase")
        if case.find("skipped") is not None
    ]
    print(f"swift test report: {total} tests, {failed} failed, {len(skipped)} skipped", file=sys.stderr)
    for name in skipped:
        print(f"  skipped: {name}", file=sys.stderr)
    if total == 0:
        print("no tests ran", file=sys.stderr)
        return 1
    if skipped:
        print("tests were skipped: their tools are missing although setup ran", file=sys.stderr)
        return 1
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
