# Sourced by the scripts that compile skelsite's modules by hand (build-wasm.sh,
# check-embedded.sh and fuzz.sh), so the Embedded flags and the source order live here once.

# The WebAssembly target of the playground module. -Osize: its budget is < 150 KB
# gzipped. -disable-stack-protector: the stack protector needs libc's
# __stack_chk_guard, which this target does not have.
EMBEDDED_TARGET=wasm32-unknown-none-wasm
EMBEDDED_FLAGS="-target $EMBEDDED_TARGET -enable-experimental-feature Embedded -wmo -Osize -parse-as-library -Xfrontend -disable-stack-protector"

# The Swift files of a module folder in byte order: the same list, in the same order,
# on every machine and locale, so whole-module builds are reproducible.
swift_sources() {
  find "$1" -name '*.swift' | LC_ALL=C sort
}
