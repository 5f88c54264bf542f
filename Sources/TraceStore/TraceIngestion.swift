import TraceModel

/// What storing one trace file gave.
package struct IngestSummary: Sendable {
  package var path: String
  package var traceID: Int64 = 0
  package var sha256 = ""
  package var size = 0
  package var compression: Compression = .none
  /// What the file was read as.
  package var kind: InputKind = .trace
  package var lines = 0
  package var sessions = 0
  package var events = 0
  package var errors = 0
  package var warnings = 0
  package var truncated = false
  /// For a damaged compressed file: the first line no checksum vouches for (the trace and the
  /// sessions that reach it are marked corrupt).
  package var unverifiedFromLine: Int?
  /// Findings of `--check`, per severity.
  package var findings: [Severity: Int] = [:]
  /// The path of the stored trace this one replaced (`--force`).
  package var replaced: String?

  package init(path: String) { self.path = path }
}

/// How storing one file ended.
package enum IngestOutcome: Sendable {
  case stored(IngestSummary)
  /// The same bytes are stored already (under `existingPath`).
  case skipped(path: String, existingPath: String)
  /// The file is not a trace; nothing of it was stored.
  case rejected(IngestIssue)
}

/// How to store one trace file (``TraceFileWriter/store(_:as:)``): whether to replace a stored
/// trace of the same content, and who hears of its issues, progress and findings.
package struct TraceIngestion {
  package var path: String
  /// Replace a stored trace with the same content instead of skipping the file.
  package var force = false
  /// Called with each issue as it is found (after it is stored).
  package var onIssue: (IngestIssue) -> Void = { _ in }
  /// Called now and then with the bytes read so far.
  package var onProgress: (_ bytesRead: Int, _ events: Int) -> Void = { _, _ in }
  /// The rules the decoding replays with (`traceq ingest --check`): their earlier results are
  /// replaced.
  package var checkedRules: [String]?
  /// Called with each finding, in file order, once its session is stored.
  package var onFinding: (Finding) -> Void = { _ in }

  /// How many issues of a file are stored one by one; of the rest, one row per kind says how
  /// many there were (docs/schema.md).
  package static let storedIssueLimit = 1000

  package init(path: String, force: Bool) {
    self.path = path
    self.force = force
  }
}
