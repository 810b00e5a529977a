// swift-tools-version:6.0
import PackageDescription

// The store benchmark of site/reference/output-folder.md ("Why the store is not SQLite"):
// the render cache index and the doc memos as today's files, and as one SQLite file
// through the C API and through GRDB. Not part of skelsite's package: run it with
// scripts/bench/store_sqlite.sh, which builds it in a scratch folder of its own.
let package = Package(
    name: "store-sqlite",
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(name: "CSQLiteEval", providers: [.apt(["libsqlite3-dev"])]),
        // skelsite's own Sources/CSHA256 (a link): the files' digests are part of their cost.
        .target(name: "CSHA256"),
        // The records, today's two file formats (decoders and encoders copied from
        // Sources/SkelSite/Store), and the timing helpers the three executables share.
        .target(name: "StoreModel", dependencies: ["CSHA256"]),
        .executableTarget(name: "bench-files", dependencies: ["StoreModel"]),
        .executableTarget(name: "bench-capi", dependencies: ["StoreModel", "CSQLiteEval"]),
        .executableTarget(name: "bench-grdb", dependencies: ["StoreModel", .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    // Single-threaded benchmarks: the language mode without strict concurrency checks.
    swiftLanguageModes: [.v5]
)
