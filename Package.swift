// swift-tools-version:6.0
import PackageDescription

// SkeletonCore and SkeletonWeb must stay Embedded-Swift clean: scripts/build-wasm.sh
// compiles them for wasm32-unknown-none-wasm, and the tests run that build.
let package = Package(
    name: "skelsite",
    // macOS for the package's plugin in an app's package; nothing has been compiled
    // there yet (site/reference/platforms.md).
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "skelsite", targets: ["SkelsiteCLI"]),
        .library(name: "SkeletonCore", targets: ["SkeletonCore"]),
        .library(name: "SkeletonWeb", targets: ["SkeletonWeb"]),
        // `swift package --allow-writing-to-package-directory skelsite build` in a package
        // that depends on this one (site/guides/swift-package-plugin.md).
        .plugin(name: "SkelsitePlugin", targets: ["SkelsitePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // skelsite.toml (site/reference/command-line.md, "Project file").
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The painter, PNG codec and pixel diff are hot loops: optimise them in debug
        // builds too, so `swift test` (a debug build) renders whole sites quickly.
        .target(name: "SkeletonCore", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "SkeletonWeb", dependencies: ["SkeletonCore"]),
        .systemLibrary(
            name: "CCmarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // The platform layer: the C library and every Linux-only call with its macOS
        // path (site/reference/platforms.md); allocator settings for executables' `main`.
        .target(name: "Platform"),
        // SHA-256 with the x86 SHA extensions, for the store's and the build's digests (Sources/CSHA256).
        .target(name: "CSHA256"),
        // What persists between builds: the render cache (a component store: key to HTML,
        // CSS and PNG bytes, checked by their digests) and the output's generations (a
        // publisher: a work generation brought up to date, published by one exchange).
        .target(name: "SkelsiteStore", dependencies: ["CSHA256", "Platform"]),
        .target(
            name: "SkelSite",
            dependencies: [
                "SkeletonCore", "SkeletonWeb", "SkelsiteStore", "CCmarkGFM", "Platform",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The command-line tool. Its module is not named `skelsite`: that name and
        // `SkelSite` differ only by case, which macOS's and Windows' default file
        // systems cannot hold side by side (site/reference/command-line.md).
        // `diff` and `baseline update`: comparing PNG folders and their reports.
        .target(name: "SkelsiteDiff", dependencies: ["SkelSite", "SkelsiteStore", "SkeletonCore", "SkeletonWeb", "Platform"]),
        // `verify`: the browser drivers, the run (planning, scheduling, retry, reporting),
        // shards and their merge; what a build reads of verify's results stays in SkelSite.
        .target(name: "SkelsiteVerify", dependencies: ["SkelSite", "SkelsiteStore", "SkeletonCore", "SkeletonWeb", "Platform"]),
        // `serve`: the HTTP listener, live reload, the source watcher and the session that
        // rebuilds on a save.
        .target(name: "SkelsiteServe", dependencies: ["SkelSite", "SkelsiteStore", "Platform"]),
        // `fit`: the skeleton against the content it stands in for, measured in a browser
        // (site/guides/fit-the-content.md).
        .target(name: "SkelsiteFit", dependencies: ["SkelSite", "SkelsiteVerify", "SkeletonCore", "SkeletonWeb"]),
        // `capture`: a spec drafted from the content's boxes, measured in Chromium
        // (site/guides/fit-the-content.md, "Draft a spec from the content").
        .target(name: "SkelsiteCapture", dependencies: ["SkelSite", "SkelsiteVerify", "SkeletonCore"]),
        .executableTarget(
            name: "SkelsiteCLI",
            dependencies: [
                "SkelSite", "SkelsiteStore", "SkelsiteDiff", "SkelsiteVerify", "SkelsiteServe", "SkelsiteFit", "SkelsiteCapture", "SkeletonCore", "SkeletonWeb", "Platform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "SkelsitePlugin",
            capability: .command(
                intent: .custom(verb: "skelsite", description: "Run skelsite (build, check, diff, verify, ...) in this package."),
                permissions: [.writeToPackageDirectory(reason: "skelsite writes the built site and its render cache.")]
            ),
            dependencies: ["SkelsiteCLI"]
        ),
        .executableTarget(
            name: "SkeletonBench",
            dependencies: ["SkeletonCore", "SkeletonWeb", "SkelSite", "SkelsiteStore", "SkelsiteDiff", "Platform"]
        ),
        // What the test targets share: the repository's root, file listings, the default
        // theme's files (Tests/TestSupport).
        .target(name: "TestSupport", dependencies: ["SkelSite"], path: "Tests/TestSupport"),
        .testTarget(name: "SkeletonCoreTests", dependencies: ["SkeletonCore", "TestSupport"]),
        .testTarget(name: "SkeletonWebTests", dependencies: ["SkeletonWeb", "SkeletonCore"]),
        // Goldens and the type-check stub are read from the source tree by path.
        .testTarget(name: "SwiftUIExportTests", dependencies: ["SkeletonWeb", "SkeletonCore", "TestSupport"],
                    exclude: ["Goldens", "Stub"]),
        .testTarget(name: "SkelSiteTests", dependencies: ["SkelSite", "SkelsiteStore", "SkelsiteDiff", "SkelsiteVerify", "SkelsiteServe", "SkeletonCore", "SkeletonWeb", "TestSupport"]),
        // The repository's own rules: no paths that differ only by case, the module graph
        // of docs/modules.md.
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport"]),
        // The inference on box fixtures, and the five samples captured and fitted in Chromium.
        .testTarget(name: "SkelsiteCaptureTests", dependencies: ["SkelsiteCapture", "SkelsiteFit", "SkelSite", "SkeletonCore", "TestSupport"]),
        .testTarget(name: "SkelsiteFitTests", dependencies: ["SkelsiteFit", "SkelSite", "SkeletonCore", "TestSupport"]),
        .testTarget(name: "SkelsiteCLITests", dependencies: ["SkeletonCore", "SkeletonWeb", "SkelSite", "SkelsiteStore", "SkelsiteDiff", "SkelsiteVerify", "SkelsiteServe", "TestSupport"]),
    ]
)
