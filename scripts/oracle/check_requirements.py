"""Exits 0 when every `name==version` line of a requirements file is installed at
exactly that version; otherwise prints each difference and exits 1."""
import sys
from importlib import metadata

def main(path):
    wrong = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, wanted = line.partition("==")
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            have = None
        if have != wanted:
            wrong.append(f"{name}: want {wanted}, have {have or 'none'}")
    for item in wrong:
        print(f"setup: python oracle {item}", file=sys.stderr)
    return 1 if wrong else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
