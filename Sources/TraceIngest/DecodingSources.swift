import Replay
import TraceStore

/// The decodings of the files of an ingest: with one job, on the writer's thread; with more,
/// each on a thread of its own, up to `jobs` files ahead of the one being stored.
final class DecodingSources {
  private let files: [String]
  private let rules: RuleSet?
  private let jobs: Int
  private var started: [Int: IngestPipe] = [:]

  init(files: [String], rules: RuleSet?, jobs: Int) {
    self.files = files
    self.rules = rules
    self.jobs = jobs
  }

  /// The decoding of file `index`; files are asked for in order.
  /// - Throws: ``TraceReadError`` when the file cannot be opened.
  func source(for index: Int) throws -> any IngestItemSource {
    guard jobs > 1 else { return try TraceDecoding(path: files[index], rules: rules) }
    for ahead in index..<min(files.count, index + jobs) where started[ahead] == nil {
      let (path, rules) = (files[ahead], rules)
      started[ahead] = IngestPipe { try TraceDecoding(path: path, rules: rules) }
    }
    return started.removeValue(forKey: index)!
  }
}
