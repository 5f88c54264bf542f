// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "traceq",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "traceq", targets: ["traceq"]),
    .library(name: "TraceModel", targets: ["TraceModel"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "TraceStore", targets: ["TraceStore"]),
    .library(name: "TraceGenerator", targets: ["TraceGenerator"]),
    .executable(name: "traceq-bench", targets: ["traceq-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    // zlib from the system (`zlib1g-dev` on Debian/Ubuntu).
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // The trace format: orientations and masks, events, the streaming reader and line parser.
    .target(name: "TraceModel", dependencies: ["CZlib"]),
    // UIKit's rules: the per-session model and the rule catalog. Standard library only.
    .target(name: "Replay", dependencies: ["TraceModel"]),
    // The SQLite store: schema and migrations, the writers, the stored-session reader and a
    // read-only query API. The only target that links GRDB and SQLite's C API.
    .target(
      name: "TraceStore",
      dependencies: [
        "TraceModel",
        "Replay",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
    // Synthetic traces with ground truth (`traceq generate`, the tests, `traceq-bench`): an
    // independent oracle of UIKit's behaviour that takes only the rule ids and facts from Replay.
    .target(name: "TraceGenerator", dependencies: ["TraceModel", "Replay"]),
    // The command-line tool.
    .executableTarget(
      name: "traceq",
      dependencies: [
        "TraceModel",
        "Replay",
        "TraceStore",
        "TraceGenerator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Yams", package: "Yams"),
      ]),
    // Fixture builders shared by the test targets (gzip, zlib, multi-member, cut short).
    .target(name: "TestSupport", dependencies: ["TraceModel"], path: "Tests/TestSupport"),
    .testTarget(name: "TraceModelTests", dependencies: ["TraceModel", "TestSupport"]),
    .testTarget(name: "ReplayTests", dependencies: ["Replay", "TraceModel", "TestSupport"]),
    .testTarget(
      name: "traceqTests",
      dependencies: [
        "traceq", "TraceModel", "TraceStore", "TraceGenerator", "TestSupport",
        // The tests read the databases they build as any SQLite client would.
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "TraceStoreTests",
      dependencies: ["TraceStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    // `swift run -c release traceq-bench`: the benchmark of docs/performance.md.
    .executableTarget(
      name: "traceq-bench", dependencies: ["TraceModel", "TraceGenerator"], path: "Benchmarks/traceq-bench"),
  ]
)
