import Replay
import TraceModel
import TraceReading
import TraceStore

/// Stores trace files into a store, one after another: each file decoded (with more than one
/// job, ahead on threads of its own), and, with rules, replayed as it is decoded; then handed
/// to the store's writer as one unit of work.
package struct FileIngest {
  package var files: [String]
  /// The rules of `ingest --check`; nil stores without replaying.
  package var rules: RuleSet?
  /// Files decoded at once, ahead of the one being stored (1: everything on this thread).
  package var jobs = 1

  package init(files: [String], rules: RuleSet?, jobs: Int = 1) {
    self.files = files
    self.rules = rules
    self.jobs = jobs
  }

  /// Stores each file with `writer`, as `ingestion` says for its path; `stored` hears how each
  /// ended: its outcome, or why it could not be read. Stops at the first failure of the store.
  /// - Throws: ``StoreError`` when the store failed; the files stored before stay stored (in a
  ///   store that existed before the run).
  package func run(
    into writer: any TraceFileWriter, ingestion: (_ path: String) -> TraceIngestion,
    stored: (_ path: String, _ outcome: Result<IngestOutcome, TraceReadError>) -> Void
  ) throws {
    let sources = DecodingSources(files: files, rules: rules, jobs: jobs)
    for (index, path) in files.enumerated() {
      let ingestion = ingestion(path)
      do {
        stored(path, .success(try writer.store(try sources.source(for: index), as: ingestion)))
      } catch let error as TraceReadError {
        stored(path, .failure(error))
      }
    }
  }
}
