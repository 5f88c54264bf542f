import Foundation
import Testing

@testable import TraceImporters
@testable import TraceModel

/// The kind the registry tells from `line`, as ``TraceStream`` does at a file's first line.
private func recognisedKind(_ line: String) -> InputKind {
  var line = line
  return line.withUTF8 { InputImporters.importer(for: FirstLine(UnsafeRawBufferPointer($0))).kind }
}

@Suite("Input importers: every registered kind is recognised and fuzzed")
struct InputImporterTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("the registry holds each kind once")
  func kindsAreUnique() {
    let kinds = InputImporters.all.map(\.kind.rawValue)
    #expect(Set(kinds).count == kinds.count, "\(kinds)")
  }

  @Test(
    "each importer is the one the registry picks for its examples' first lines",
    arguments: InputImporters.all.map(\.kind))
  func recognisesItsExamples(_ kind: InputKind) throws {
    let importer = try #require(InputImporters.importer(of: kind))
    #expect(!importer.examples.isEmpty, "\(kind) has no example of a first line it recognises")
    for example in importer.examples {
      #expect(recognisedKind(example) == kind, "\(example) is read as \(recognisedKind(example)), not \(kind)")
    }
  }

  @Test("what nothing recognises is read as console text, or as a trace when it is JSON")
  func fallbacks() {
    #expect(recognisedKind("hello") == .consoleText)
    #expect(recognisedKind("\u{FEFF}") == .consoleText)
    #expect(recognisedKind(#"{"hello":1}"#) == .trace)
  }

  /// The fuzz targets' seed folders: `Fuzz/Corpus/KIND` or `Fuzz/Corpus/KIND-VARIANT`.
  @Test("each importer has a fuzz target with seeds", arguments: InputImporters.all.map(\.kind))
  func fuzzed(_ kind: InputKind) throws {
    let corpus = Self.root.appendingPathComponent("Fuzz/Corpus")
    let targets = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0 == kind.rawValue || $0.hasPrefix(kind.rawValue + "-") }
    #expect(!targets.isEmpty, "no folder Fuzz/Corpus/\(kind.rawValue) of fuzz seeds")
    let harness = try String(contentsOf: Self.root.appendingPathComponent("Fuzz/FuzzTargets.swift"), encoding: .utf8)
    for target in targets {
      let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(target).path)
      #expect(!seeds.isEmpty, "Fuzz/Corpus/\(target) has no seed")
      #expect(harness.contains("\"\(target)\""), "Fuzz/FuzzTargets.swift has no target \(target)")
    }
  }
}
