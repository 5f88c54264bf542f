import TraceIngest
import TraceStore

/// `traceq sync`: stores the files of the database `source` that `target` lacks (``StoreSync``),
/// one line per file stored, then the total.
struct SyncRun {
  var source: String
  var target: String
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  /// Returns `clean`, or `unusable` when either database cannot be used (the files stored
  /// before stay stored).
  func execute() -> ExitStatus {
    let sync = StoreSync(from: TraceStores.at(source), to: TraceStores.at(target))
    var total = IngestSummary(path: "")
    var stored = 0
    var skipped = 0
    do {
      let there = try sync.run(note: errorOutput) { outcome in
        switch outcome {
        case .stored(let summary):
          stored += 1
          total.add(summary)
          output(IngestReport.describe(summary))
        case .skipped, .rejected:
          // Stored meanwhile by another runner (a stored file is never rejected).
          skipped += 1
        }
      }
      output(IngestReport.describeTotal(total, files: stored, skipped: there + skipped, database: sync.target.location))
      return .clean
    } catch let error as StoreError {
      errorOutput(error.message)
      return .unusable
    } catch {
      errorOutput(
        TerminalText.escaped("error: cannot sync \(sync.source.location) to \(sync.target.location): \(error)"))
      return .unusable
    }
  }
}
