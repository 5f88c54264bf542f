import Foundation
import Testing

/// Keeps the arrows of the architecture pointing one way, as the package's target graph
/// declares them: TraceSupport ◀── TraceModel ◀── TraceReading (on CZlib) ◀── TraceImporters;
/// TraceModel ◀── Replay; TraceReading ◀── TraceStore ◀── TraceStorePostgres ◀── TraceIngest,
/// TraceGenerator ◀── traceq (and CSQLiteConfig ◀── TraceStore).
/// The compiler enforces that a target imports only what it depends on; these tests keep the
/// graph itself in shape, and catch what SwiftPM lets through (a module reachable through a
/// dependency can be imported without being declared).
@Suite("Architecture")
struct ArchitectureTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A target of Package.swift: its name and the targets and products it depends on.
  struct Target {
    var name: String
    var dependencies: [String]
  }

  /// The targets declared in Package.swift, read from its `.target(name:dependencies:)` calls.
  static func targets() throws -> [String: Target] {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = #/\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/#
    let quoted = #/"([^"]+)"/#
    let starts = manifest.matches(of: declaration)
    var result: [String: Target] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
      let body = manifest[start.range.upperBound..<end]
      var dependencies: [String] = []
      if let list = body.firstRange(of: "dependencies:") {
        var depth = 0
        var listEnd = body.endIndex
        for position in body[list.upperBound...].indices {
          if body[position] == "[" { depth += 1 }
          if body[position] == "]" {
            depth -= 1
            if depth == 0 {
              listEnd = position
              break
            }
          }
        }
        // `.product(name: "GRDB", package: "GRDB.swift")` depends on the product, not the package.
        let text = body[list.upperBound..<listEnd].replacing(#/,\s*package:\s*"[^"]+"/#, with: "")
        dependencies = text.matches(of: quoted).map { String($0.1) }
      }
      let name = String(start.1)
      result[name] = Target(name: name, dependencies: dependencies)
    }
    return result
  }

  /// Each library target's layer: a target depends only on targets of lower layers.
  static let layers: [String: Int] = [
    "CZlib": 0, "CSQLiteConfig": 0, "TraceSupport": 0, "TraceModel": 1, "TraceReading": 2, "Replay": 2,
    "TraceImporters": 3, "UIKitSimulator": 3, "TraceStore": 3, "TraceGenerator": 3, "TraceStorePostgres": 4,
    "TraceIngest": 5, "traceq": 6,
  ]

  @Test("the package has the targets of the layout, each depending only on lower layers")
  func layered() throws {
    let targets = try Self.targets()
    for name in Self.layers.keys { #expect(targets[name] != nil, "no target \(name) in Package.swift") }
    for (name, layer) in Self.layers {
      for dependency in targets[name]?.dependencies ?? [] {
        guard let other = Self.layers[dependency] else { continue }
        #expect(other < layer, "\(name) depends on \(dependency), which is not below it")
      }
    }
  }

  /// The third-party products each target may link.
  static let allowedProducts: [(String, Set<String>)] = [
    ("TraceSupport", []),
    ("TraceModel", []),
    ("TraceReading", []),
    ("TraceImporters", []),
    ("Replay", []),
    ("TraceGenerator", []),
    ("UIKitSimulator", []),
    ("TraceStore", ["GRDB", "GRDBSQLite"]),
    ("TraceStorePostgres", ["PostgresNIO", "NIOSSL", "Logging"]),
    ("TraceIngest", ["Crypto"]),
    ("traceq", ["ArgumentParser", "Yams", "Crypto", "Mustache"]),
  ]

  @Test("third-party products are linked where their layer allows", arguments: allowedProducts)
  func products(_ target: String, _ allowed: Set<String>) throws {
    let dependencies = try #require(try Self.targets()[target]).dependencies
    let products = Set(dependencies).subtracting(Self.layers.keys)
    #expect(products.isSubset(of: allowed), "\(target) links \(products.subtracting(allowed))")
  }

  /// The system libraries a default build may need: zlib (and SQLite, which GRDB links). Any other
  /// is optional: a newcomer's machine has only Swift, `libsqlite3-dev` and `zlib1g-dev`.
  static let requiredSystemLibraries: Set<String> = ["CZlib"]

  @Test("a system library other than zlib is linked only when a package trait asks for it")
  func optionalSystemLibraries() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let libraries = manifest.matches(of: #/\.systemLibrary\(\s*name:\s*"([^"]+)"/#).map { String($0.1) }
    #expect(libraries.contains("CZlib"), "CZlib is no longer a system library target: update this test")
    for library in libraries where !Self.requiredSystemLibraries.contains(library) {
      let mentions = manifest.ranges(of: "\"\(library)\"").count
      let conditional = manifest.matches(
        of: try Regex(
          #"\.target\(\s*name:\s*"\#(library)"\s*,\s*condition:\s*\.when\([^)]*traits:\s*\["[^\]]+\][^)]*\)\s*\)"#)
      ).count
      // One mention declares it; every other one must be a dependency behind a trait.
      #expect(mentions - 1 == conditional, "\(library) is a dependency that no package trait guards")
      #expect(conditional > 0, "\(library) is declared but nothing depends on it")
    }
  }

  /// The modules each Swift file under `directory` imports, by file path relative to the root.
  static func imports(under directory: String) throws -> [String: Set<String>] {
    let base = root.appendingPathComponent(directory)
    let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    var result: [String: Set<String>] = [:]
    for file in files {
      let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
      result[directory + "/" + file] = Set(
        text.split(separator: "\n").compactMap { line in
          let words = line.split(separator: " ")
          guard let index = words.firstIndex(of: "import"), words.indices.contains(index + 1),
            words[..<index].allSatisfy({ $0.hasPrefix("@") })
          else { return nil }
          return String(words[index + 1])
        })
    }
    return result
  }

  @Test("the recorder is a package apart: traceq's sources never import it, it imports nothing of traceq")
  func recorderIsApart() throws {
    for (file, modules) in try Self.imports(under: "Sources") {
      #expect(modules.isDisjoint(with: ["TraceRecorder", "TraceRecorderUIKit"]), "\(file) imports the recorder")
    }
    let traceqModules = Set(Self.layers.keys).union(["CISAL", "TestSupport"])
    let recorderFiles = try Self.imports(under: "TraceRecorder/Sources")
    #expect(recorderFiles.count > 10, "no recorder sources under TraceRecorder/Sources")
    for (file, modules) in recorderFiles {
      #expect(modules.isDisjoint(with: traceqModules), "\(file) imports \(modules.intersection(traceqModules))")
    }
  }

  @Test(
    "the vocabulary needs nothing; reading needs the vocabulary and zlib; the importers need reading, never UIKit's rules"
  )
  func readingStack() throws {
    let targets = try Self.targets()
    let ours = Set(Self.layers.keys)
    #expect(try #require(targets["TraceSupport"]).dependencies.isEmpty)
    #expect(try #require(targets["TraceModel"]).dependencies.isEmpty)
    #expect(
      Set(try #require(targets["TraceReading"]).dependencies).intersection(ours) == [
        "TraceModel", "TraceSupport", "CZlib",
      ])
    #expect(
      Set(try #require(targets["TraceImporters"]).dependencies) == ["TraceModel", "TraceReading", "TraceSupport"])
    #expect(Set(try #require(targets["Replay"]).dependencies) == ["TraceModel", "TraceSupport"])
  }

  @Test(
    "TraceSupport is internal to the package: no product offers it, and it declares nothing public outside SPI"
  )
  func supportIsInternal() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.matches(of: #/\.library\([^)]*"TraceSupport"/#).isEmpty, "a product offers TraceSupport")
    for (file, code) in try Self.code(under: "Sources/TraceSupport") {
      // Public only for cross-module inlining: a type behind `@_spi(Bytes)`, and its members.
      let publicLines = code.split(separator: "\n").filter { $0.contains(/\bpublic\b/) }
      let declarations = publicLines.filter { $0.first?.isWhitespace == false }
      for line in declarations {
        #expect(line.hasPrefix("@_spi(Bytes) public "), "\(file) declares something public: \(line)")
      }
      #expect(publicLines.isEmpty || !declarations.isEmpty, "\(file) has public members outside an SPI type")
    }
  }

  @Test("the vocabulary is format only: TraceModel imports nothing but Foundation and the C library")
  func vocabularyImportsNothing() throws {
    for (file, modules) in try Self.imports(under: "Sources/TraceModel") {
      #expect(modules.isSubset(of: ["Foundation", "Glibc", "Darwin"]), "\(file) imports \(modules)")
    }
  }

  @Test(
    "the store depends on the trace format (and its C shim) alone; the ingest library stands between it and the executable"
  )
  func storeBehindIngest() throws {
    let targets = try Self.targets()
    let ours = Set(Self.layers.keys)
    #expect(
      Set(try #require(targets["TraceStore"]).dependencies).intersection(ours) == [
        "TraceModel", "TraceReading", "TraceSupport", "CSQLiteConfig",
      ])
    #expect(
      Set(try #require(targets["TraceIngest"]).dependencies).intersection(ours) == [
        "TraceModel", "TraceReading", "TraceImporters", "TraceSupport", "Replay", "TraceStore", "TraceStorePostgres",
      ])
    #expect(
      Set(try #require(targets["TraceStorePostgres"]).dependencies).intersection(ours) == [
        "TraceModel", "TraceReading", "TraceSupport", "TraceStore",
      ])
    #expect(try #require(targets["traceq"]).dependencies.contains("TraceIngest"))
  }

  @Test("every command opens its input files through the importer registry: only TraceImporters makes a decoder")
  func inputThroughRegistry() throws {
    let decoders = try Regex(#"\b(TextLogDecoder|LogJSONDecoder|CrashReportDecoder|TraceRecordItems)\b|makeDecoder\("#)
    for directory in ["Sources/traceq", "Sources/TraceIngest", "Sources/Replay", "Benchmarks"] {
      for (file, code) in try Self.code(under: directory) {
        #expect(code.matches(of: decoders).isEmpty, "\(file) decodes input without the registry")
      }
    }
  }

  @Test("only the SQLite backend, Sources/TraceStore/SQLite, imports GRDB or SQLite's C API")
  func sqliteBackendOwnsSQLite() throws {
    for (file, modules) in try Self.imports(under: "Sources") where !file.hasPrefix("Sources/TraceStore/SQLite/") {
      #expect(modules.isDisjoint(with: ["GRDB", "GRDBSQLite"]), "\(file) imports \(modules)")
    }
  }

  @Test("only the PostgreSQL backend, Sources/TraceStorePostgres, imports PostgresNIO, SwiftNIO or swift-log")
  func postgresBackendOwnsNIO() throws {
    for (file, modules) in try Self.imports(under: "Sources") where !file.hasPrefix("Sources/TraceStorePostgres/") {
      let nio = modules.filter { $0 == "PostgresNIO" || $0.hasPrefix("NIO") || $0 == "Logging" }
      #expect(nio.isEmpty, "\(file) imports \(nio)")
    }
  }

  @Test("the executable names no type of the PostgreSQL backend; the ingest library only routes to it")
  func postgresSeenThroughItsInterface() throws {
    let backend = try Self.declaredTypes(under: "Sources/TraceStorePostgres")
    #expect(backend.contains("PostgresStore"))
    let names = try Regex(#"\b(\#(backend.sorted().joined(separator: "|")))\b"#)
    for (file, code) in try Self.code(under: "Sources/traceq") {
      #expect(code.matches(of: names).isEmpty, "\(file) names a type of the PostgreSQL backend")
    }
    for (file, code) in try Self.code(under: "Sources/TraceIngest") where !code.matches(of: names).isEmpty {
      #expect(file.hasSuffix("/TraceStores+Location.swift"), "\(file) names a type of the PostgreSQL backend")
    }
  }

  /// GRDB's types and SQLite's C API, which only the SQLite backend may name.
  static let sqliteNames = [
    "Database", "DatabaseQueue", "DatabasePool", "DatabaseError", "DatabaseValue", "DatabaseMigrator", "Row",
    "RowCursor", "Statement", "StatementArguments", "ResultCode", "SQLiteStatement", "SQLiteConnection",
  ]

  @Test("no file of the executable or the ingest library names a type of GRDB, SQLite or the SQLite backend")
  func storeSeenThroughItsInterface() throws {
    let backend = try Self.declaredTypes(under: "Sources/TraceStore/SQLite")
    #expect(backend.contains("SQLiteStore"))
    for directory in ["Sources/traceq", "Sources/TraceIngest"] {
      // A type of the directory's own with the same name (the HTML report's `Row`) is not GRDB's.
      let foreign = Set(Self.sqliteNames + backend).subtracting(try Self.declaredTypes(under: directory))
      let names = try Regex(#"\b(\#(foreign.sorted().joined(separator: "|")))\b|\bsqlite3_\w+|\bSQLITE_\w+"#)
      for (file, code) in try Self.code(under: directory) {
        let named = code.matches(of: names).map { String(code[$0.range]) }
        #expect(named.isEmpty, "\(file) names \(Set(named).sorted())")
      }
    }
  }

  /// The types declared by the Swift files under `directory`.
  static func declaredTypes(under directory: String) throws -> [String] {
    try code(under: directory).values.flatMap { code in
      code.matches(of: #/\b(?:class|struct|enum|protocol|typealias|actor)\s+(\w+)/#).map { String($0.1) }
    }
  }

  /// The Swift code of each file under `directory`, by path from the root, without its comments
  /// and string literals (what a file names, not what it says).
  static func code(under directory: String) throws -> [String: String] {
    let base = root.appendingPathComponent(directory)
    let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    var result: [String: String] = [:]
    for file in files {
      let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
      result[directory + "/" + file] = text.replacing(#/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|//[^\n]*/#, with: "")
    }
    return result
  }

  @Test("YAML is read in the configuration, templates rendered in the exports, hashing in ingest and reports")
  func confinedDependencies() throws {
    for (file, modules) in try Self.imports(under: "Sources") {
      if modules.contains("Yams") {
        #expect(file.hasPrefix("Sources/traceq/Configuration/"), "\(file) parses YAML")
      }
      if modules.contains("Mustache") {
        #expect(file.hasPrefix("Sources/traceq/Export/"), "\(file) renders HTML")
      }
      if modules.contains("Crypto") {
        #expect(
          file.hasPrefix("Sources/TraceIngest/") || file.hasPrefix("Sources/traceq/Reporting/"),
          "\(file) hashes content")
      }
    }
  }

  @Test("the simulator knows the trace format only: it never imports Replay or the other generator")
  func simulatorIsIndependent() throws {
    let files = try Self.imports(under: "Sources/UIKitSimulator")
    #expect(!files.isEmpty)
    for (file, modules) in files {
      #expect(modules.isSubset(of: ["TraceModel", "TraceReading", "Foundation"]), "\(file) imports \(modules)")
    }
    #expect(try Self.targets()["UIKitSimulator"]?.dependencies == ["TraceModel", "TraceReading"])
  }

  @Test("the generator asks Replay for the rule catalog's facts only, never for its model")
  func generatorIsIndependent() throws {
    for (file, modules) in try Self.imports(under: "Sources/TraceGenerator") where modules.contains("Replay") {
      #expect(file.hasSuffix("/RuleFacts.swift"), "\(file) imports Replay")
    }
  }
}
