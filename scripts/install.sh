#!/usr/bin/env bash
# Installs skelsite from its release archive, the one install path
# (README.md and site/getting-started.md, "Install"):
#   PREFIX/bin/skelsite                      the self-contained tool (theme and
#                                            playground module inside it)
#   PREFIX/share/doc/skelsite/               LICENSE and README.md
#   PREFIX/share/bash-completion/completions/skelsite, PREFIX/share/zsh/site-functions/
#   _skelsite, PREFIX/share/fish/vendor_completions.d/skelsite.fish
#
#   scripts/install.sh [--prefix DIR] [--archive FILE]
#
# --prefix DIR    where to install (default /usr/local)
# --archive FILE  install this release archive (skelsite-VERSION-linux-ARCH.tar.gz, as
#                 scripts/package.sh writes and a release publishes); without it, this
#                 runs scripts/package.sh first, which installs what the build needs
#                 (scripts/setup.sh) and builds the archive from this checkout
#
# Uninstall: rm -f PREFIX/bin/skelsite && rm -rf PREFIX/share/doc/skelsite, and the
# three completion files above.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
archive=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --archive) [ $# -ge 2 ] || { echo "install.sh: --archive needs a file" >&2; exit 2; }; archive=$2; shift 2 ;;
    --archive=*) archive=${1#--archive=}; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

if [ -z "$archive" ]; then
  echo "== scripts/package.sh" >&2
  archive=$(scripts/package.sh | tail -n 1)
fi
[ -f "$archive" ] || { echo "install.sh: $archive: error: no such archive" >&2; exit 2; }

unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
tar -xzf "$archive" -C "$unpacked" || { echo "install.sh: $archive: error: not a readable .tar.gz" >&2; exit 2; }
folder=$(find "$unpacked" -mindepth 1 -maxdepth 1 -type d -name 'skelsite-*' | head -n 1)
[ -n "$folder" ] && [ -x "$folder/skelsite" ] || {
  echo "install.sh: $archive: error: not a skelsite release archive (no skelsite-*/skelsite inside)" >&2; exit 2; }

mkdir -p "$prefix/bin" "$prefix/share/doc/skelsite" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$folder/skelsite" "$prefix/bin/skelsite.new"
mv -f "$prefix/bin/skelsite.new" "$prefix/bin/skelsite"
install -m 0644 "$folder/LICENSE" "$folder/README.md" "$prefix/share/doc/skelsite/"
install -m 0644 "$folder/completions/skelsite.bash" "$prefix/share/bash-completion/completions/skelsite"
install -m 0644 "$folder/completions/skelsite.zsh" "$prefix/share/zsh/site-functions/_skelsite"
install -m 0644 "$folder/completions/skelsite.fish" "$prefix/share/fish/vendor_completions.d/skelsite.fish"
# Earlier installs put the theme and the module beside the tool; the binary carries both now.
rm -rf "$prefix/share/skelsite/Templates" "$prefix/share/skelsite/skelsite.wasm" "$prefix/lib/skelsite"
rmdir "$prefix/share/skelsite" 2>/dev/null || true
echo "installed $prefix/bin/skelsite from $(basename "$archive")" >&2
"$prefix/bin/skelsite" --version
