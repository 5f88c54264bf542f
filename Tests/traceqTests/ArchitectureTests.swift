import Foundation
import Testing

/// Keeps the arrows of the architecture pointing one way (docs: style.md's map):
/// CZlib ◀── TraceModel ◀── Replay ◀── traceq ──▶ GRDB, ArgumentParser, Yams, Crypto.
@Suite("Architecture")
struct ArchitectureTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The modules each Swift file of `target` imports, by file.
  static func imports(of target: String) throws -> [String: Set<String>] {
    let directory = sources.appendingPathComponent(target)
    let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    var result: [String: Set<String>] = [:]
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      result[file] = Set(
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

  @Test(
    "each module imports only what its layer may",
    arguments: [
      ("TraceModel", ["Foundation", "CZlib"]),
      ("Replay", ["TraceModel"]),
      ("TraceRecorder", ["Foundation", "TraceModel", "Darwin", "Glibc"]),
      ("TraceRecorderUIKit", ["Foundation", "ObjectiveC", "UIKit", "TraceModel", "TraceRecorder"]),
      ("traceq", ["Foundation", "TraceModel", "Replay", "GRDB", "GRDBSQLite", "ArgumentParser", "Yams", "Crypto"]),
    ])
  func layers(_ target: String, _ allowed: [String]) throws {
    for (file, modules) in try Self.imports(of: target) {
      #expect(modules.isSubset(of: Set(allowed)), "\(target)/\(file) imports \(modules.subtracting(allowed))")
    }
  }

  @Test("SQLite's C API lives in the store, YAML in the configuration, hashing in store and reports")
  func confinedDependencies() throws {
    for (file, modules) in try Self.imports(of: "traceq") {
      if !modules.isDisjoint(with: ["GRDBSQLite"]) { #expect(file.hasPrefix("Store/"), "\(file) uses SQLite's C API") }
      if modules.contains("Yams") { #expect(file.hasPrefix("Configuration/"), "\(file) parses YAML") }
      if modules.contains("Crypto") {
        #expect(file.hasPrefix("Store/") || file.hasPrefix("Reporting/"), "\(file) hashes content")
      }
    }
  }
}
