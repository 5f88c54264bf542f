import Replay
import Testing

/// Traces reconstructed from UIKit's documentation and public bug reports: each gives exactly
/// its expected findings, and the legal ones none at all.
@Suite("UIKit corpus")
struct CorpusTests {
  static let all = CorpusCase.legal + CorpusCase.misuse + CorpusCase.misuseOthers

  @Test("each case gives exactly its expected findings", arguments: all)
  func replay(_ corpusCase: CorpusCase) throws {
    #expect(corpusCase.source.hasPrefix("http"), "every case names a public source")
    let rows = try findingRows(corpusCase.lines)
    #expect(rows == corpusCase.expected, "source: \(corpusCase.source)")
  }

  @Test("at least 60 cases, at least half of them legal sequences that stay silent")
  func size() {
    #expect(Self.all.count >= 60)
    #expect(Self.all.filter(\.isSilent).count * 2 >= Self.all.count)
    #expect(CorpusCase.legal.allSatisfy { $0.isSilent })
  }
}
