// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "traceq",
  platforms: [.macOS(.v13), .iOS(.v13)],
  products: [
    .executable(name: "traceq", targets: ["traceq"]),
    .library(name: "TraceModel", targets: ["TraceModel"]),
    .library(name: "TraceReading", targets: ["TraceReading"]),
    .library(name: "TraceImporters", targets: ["TraceImporters"]),
    .library(name: "Replay", targets: ["Replay"]),
    // TraceStore and TraceIngest are layers of the command, shared through `package` access:
    // they promise nothing public, so they are no products.
    .library(name: "TraceGenerator", targets: ["TraceGenerator"]),
    .library(name: "UIKitSimulator", targets: ["UIKitSimulator"]),
    .executable(name: "traceq-bench", targets: ["traceq-bench"]),
  ],
  // `swift build --traits ISAL`: inflate with Intel's ISA-L (Linux; `libisal-dev`), about twice as
  // fast as zlib at reading a trace. The default build needs only Swift, SQLite and zlib.
  traits: [
    .trait(name: "ISAL", description: "Inflate traces with Intel ISA-L on Linux (needs libisal-dev)."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    // The recorder an app links (TraceRecorder, TraceRecorderUIKit): its own package, with no
    // dependency, so that an app adding it resolves nothing else. Tested from this package.
    .package(path: "TraceRecorder"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // postgres-nio's own dependencies, named for the TLS settings and the silent logger.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // Documentation only: `swift package generate-documentation` (DocC), which `.ci/run` runs with
    // warnings as errors so that the libraries' symbol links hold. Links nothing into a product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Tests only: property-based tests of the replay and of the byte buffer.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // zlib from the system (`zlib1g-dev` on Debian/Ubuntu).
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // Intel ISA-L from the system (`libisal-dev` on Debian/Ubuntu): inflates faster than zlib.
    // Only with the ISAL trait, and on Linux only; otherwise traceq inflates with zlib.
    .systemLibrary(
      name: "CISAL",
      pkgConfig: "libisal",
      providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
    // sqlite3_db_config, which is variadic and so out of Swift's reach, as a plain C function
    // (SQLite from the system, as GRDB links it).
    .target(name: "CSQLiteConfig", linkerSettings: [.linkedLibrary("sqlite3")]),
    // What the other targets share and promise no one: the growable byte buffer, the bounded
    // channel between threads, the temporary file. Foundation only.
    .target(name: "TraceSupport"),
    // The trace format's vocabulary, what the recorder shares: orientations and masks, events,
    // session headers, record keys, findings and issues. Foundation only.
    .target(name: "TraceModel"),
    // The bytes of a trace in and out: the streaming reader (inflate, lines), the record scanner
    // and decoder, the compressing writer.
    .target(
      name: "TraceReading",
      dependencies: [
        "TraceModel", "TraceSupport", "CZlib",
        .target(name: "CISAL", condition: .when(platforms: [.linux], traits: ["ISAL"])),
      ]),
    // Every input kind, one importer each (traces, console logs, `log show`, crash reports), and
    // the registry every command opens its input files through.
    .target(name: "TraceImporters", dependencies: ["TraceModel", "TraceReading", "TraceSupport"]),
    // UIKit's rules: the per-session model and the rule catalog. Standard library only.
    .target(name: "Replay", dependencies: ["TraceModel", "TraceSupport"]),
    // The store behind an interface: the writer of trace files, the stored-session reader, the
    // finding writer and the query runner, and their SQLite implementation (schema, migrations,
    // bulk loading). The only target that links GRDB and SQLite's C API.
    .target(
      name: "TraceStore",
      dependencies: [
        "TraceModel", "TraceReading", "TraceSupport", "CSQLiteConfig",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]),
    // The PostgreSQL backend of the store (`--db postgres://…`): the same tables and views, written
    // by many runners at once. The only target that imports PostgresNIO (and so SwiftNIO).
    .target(
      name: "TraceStorePostgres",
      dependencies: [
        "TraceModel", "TraceReading", "TraceSupport", "TraceStore", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Logging", package: "swift-log"),
      ]),
    // Ingestion as a library: trace files decoded (and replayed, for `ingest --check`) into the
    // store's writer, one file per unit of work; stored sessions read back for their replay.
    .target(
      name: "TraceIngest",
      dependencies: [
        "TraceModel", "TraceReading", "TraceImporters", "TraceSupport", "Replay", "TraceStore", "TraceStorePostgres",
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
    // Synthetic traces with ground truth (`traceq generate`, the tests, `traceq-bench`): an
    // independent oracle of UIKit's behaviour that takes only the rule ids and facts from Replay.
    .target(name: "TraceGenerator", dependencies: ["TraceModel", "TraceReading", "Replay"]),
    // A second, deliberately different source of traces with ground truth: an object simulation
    // of UIKit played by seeded apps. It knows only the trace format and the public rule ids,
    // never Replay, so that measuring the replay on its traces measures the model's fidelity.
    .target(name: "UIKitSimulator", dependencies: ["TraceModel", "TraceReading"]),
    // The command-line tool and the exports.
    .executableTarget(
      name: "traceq",
      dependencies: [
        "TraceModel",
        "TraceReading",
        "TraceImporters",
        "TraceSupport",
        "Replay",
        "TraceStore",
        "TraceIngest",
        "TraceGenerator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Yams", package: "Yams"),
        .product(name: "Mustache", package: "swift-mustache"),
      ]),
    // Fixture builders shared by the test targets (gzip, zlib, multi-member, cut short).
    .target(name: "TestSupport", dependencies: ["TraceModel", "TraceReading"], path: "Tests/TestSupport"),
    .testTarget(
      name: "TraceModelTests",
      dependencies: [
        "TraceModel", "TraceReading", "TraceImporters", "TraceSupport", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "UIKitSimulatorTests", dependencies: ["UIKitSimulator", "TraceModel", "TraceImporters"]),
    .testTarget(
      name: "ReplayTests",
      dependencies: [
        "Replay", "TraceModel", "TraceReading", "TraceImporters", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    // A process that records a scripted session until it is killed (the recorder's crash test).
    .executableTarget(
      name: "recorder-crash-child", dependencies: [.product(name: "TraceRecorder", package: "TraceRecorder")],
      path: "Tests/RecorderCrashChild"),
    // The recorder's tests: what it writes, read back by TraceModel's reader and checked by traceq.
    .testTarget(
      name: "TraceRecorderTests",
      dependencies: [
        .product(name: "TraceRecorder", package: "TraceRecorder"),
        .product(name: "TraceRecorderUIKit", package: "TraceRecorder"),
        "TraceModel", "TraceReading", "Replay", "TestSupport", "recorder-crash-child",
      ]),
    .testTarget(
      name: "traceqTests",
      dependencies: [
        "traceq", "TraceModel", "TraceReading", "TraceImporters", "TraceSupport", "TraceStore", "TraceStorePostgres",
        "TraceIngest", "TraceGenerator", "TestSupport",
        // The tests read the databases they build as any SQLite client would, and set up PostgreSQL's.
        .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "TraceStoreTests",
      dependencies: ["TraceStore", "TraceModel", "TraceReading", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    // `swift run -c release traceq-bench`: the benchmark of docs/performance.md.
    .executableTarget(
      name: "traceq-bench",
      dependencies: [
        "TraceModel", "TraceReading", "TraceImporters", "TraceIngest", "TraceGenerator", "Replay", "UIKitSimulator",
        .product(name: "TraceRecorder", package: "TraceRecorder"),
      ],
      path: "Benchmarks/traceq-bench"),
    // The benchmark's own logic (options, ratios, the documented queries it times); no timing.
    .testTarget(name: "traceq-benchTests", dependencies: ["traceq-bench"], path: "Tests/traceq-benchTests"),
  ]
)
