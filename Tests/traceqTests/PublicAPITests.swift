import Foundation
import Testing

/// What the libraries promise to other packages is `public`, and a promise is documented: every
/// public declaration of `TraceModel`, `TraceReading`, `TraceImporters`, `Replay` and
/// `TraceStore`, and of the recorder an app links (`TraceRecorder/`, its Apple-only files
/// included), has a doc comment (DocC shows it; `.ci/run` builds their documentation with warnings
/// as errors, so its links hold). What is shared only between a package's targets is `package`
/// and needs none of this.
@Suite("Public API")
struct PublicAPITests {
  /// The libraries' source folders, from the repository's root.
  static let libraries = [
    "Sources/TraceModel", "Sources/TraceReading", "Sources/TraceImporters", "Sources/Replay", "Sources/TraceStore",
    "TraceRecorder/Sources/TraceRecorder", "TraceRecorder/Sources/TraceRecorderUIKit",
  ]

  /// Members whose documentation is their protocol's (`CustomStringConvertible`, `Comparable`…).
  static var conformances: [Regex<Substring>] {
    [
      #/static func [<=]=? \(/#, #/var (?:debugD|d)escription: String/#, #/func hash\(into/#,
    ]
  }

  /// `file:line` of each public declaration without a `///` comment (attributes may sit between).
  static func undocumented(in library: String) throws -> [String] {
    let directory = ArchitectureTests.root.appendingPathComponent(library)
    let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
    var found: [String] = []
    for file in files.filter({ $0.hasSuffix(".swift") }).sorted() {
      let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() where line.contains(#/^\s*(@[\w()]+\s+)*public\s/#) {
        guard !conformances.contains(where: { line.contains($0) }) else { continue }
        var above = index - 1
        while above >= 0, lines[above].contains(#/^\s*@\w+(\([^)]*\))?\s*$/#) { above -= 1 }
        let comment = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
        if !comment.hasPrefix("///") && !comment.hasSuffix("*/") {
          found.append("\(library)/\(file):\(index + 1)")
        }
      }
    }
    return found
  }

  @Test("every public declaration has a doc comment", arguments: libraries)
  func documented(library: String) throws {
    let folder = ArchitectureTests.root.appendingPathComponent(library).path
    #expect(FileManager.default.fileExists(atPath: folder), "no folder \(library): update PublicAPITests.libraries")
    let undocumented = try Self.undocumented(in: library)
    #expect(
      undocumented.isEmpty,
      "public without a doc comment (document it, or make it `package` or internal when no other package needs it): \(undocumented)"
    )
  }
}
