/// Something wrong with a trace's bytes or records, found while reading it. A bad line is a
/// value like this one, recorded before reading goes on.
public struct IngestIssue: Sendable, Equatable {
  /// What went wrong, as a stable kebab-case kind.
  public var kind: Kind
  /// The line it concerns (for a cut-off stream: the line where the cut is).
  public var line: Int
  /// What happened and what to do, for the user.
  public var message: String
  /// The line's text, when the issue is about one record (cut to ``IngestIssue/rawLimit`` bytes).
  public var raw: String?

  /// An issue of `kind` at `line`; `raw` is cut to ``rawLimit`` bytes.
  public init(_ kind: Kind, line: Int, _ message: String, raw: String? = nil) {
    self.kind = kind
    self.line = line
    self.message = message
    self.raw = raw
  }

  /// How serious the issue is (its kind's).
  public var severity: Severity { kind.severity }

  /// How much of a bad line is kept with its issue.
  public static let rawLimit = 4096

  /// The kinds of issue; their ids are kebab-case and never change once released.
  public enum Kind: String, CaseIterable, Sendable {
    /// The line is not one JSON object.
    case invalidJSON = "invalid-json"
    /// A known key holds a value of the wrong JSON type.
    case wrongType = "wrong-type"
    /// A known key holds a value of the right type that means nothing (`"idiom":"watch"`).
    case invalidValue = "invalid-value"
    /// A key the record's event needs is absent.
    case missingKey = "missing-key"
    /// The file does not start with a header record; nothing of it is read.
    case missingHeader = "missing-header"
    /// A header asks for a format version this reader does not know; its session is skipped.
    case unsupportedVersion = "unsupported-version"
    /// A line longer than the reader's limit; it is skipped.
    case lineTooLong = "line-too-long"
    /// The compressed stream ends early (app killed while writing): read up to the last full line.
    case truncatedStream = "truncated-stream"
    /// The compressed stream is damaged: read up to the last full line before the damage.
    case corruptStream = "corrupt-stream"
    /// Bytes after the end of the compressed stream that are not another gzip member.
    case trailingData = "trailing-data"
    /// The last line has no newline and is not a complete record.
    case incompleteLastLine = "incomplete-last-line"
    /// A record's `t` is earlier than the one before it (reported once per session).
    case timeGoesBackwards = "time-goes-backwards"
    /// A record holds a known key twice; its first value is used (reported once per session).
    case duplicateKey = "duplicate-key"
    /// A file uses more distinct names than traceq keeps (unknown event names): the rest are
    /// stored under one placeholder (reported once per file).
    case tooManyNames = "too-many-names"
    /// A session names more objects than `check` and `ingest` keep at once: view controllers not
    /// in use were forgotten, or their stored lifetimes ended (reported once per session).
    case tooManyObjects = "too-many-objects"
    /// A session's controller hierarchy (containment and presentations) is deeper than `check`
    /// follows: findings about the controllers past that depth may be wrong (reported once per
    /// session).
    case hierarchyTooDeep = "hierarchy-too-deep"
    /// A session holds more UIKit diagnostics than `check` reports one by one: the rest are
    /// counted by rule (reported once per session).
    case tooManyDiagnostics = "too-many-diagnostics"
    /// The recorder dropped events here (a `dropped` record): what the session did next is incomplete.
    case eventsDropped = "events-dropped"
    /// The file holds no events: it is empty, or holds headers alone, so nothing was replayed
    /// (reported once per file by `check`, `report` and `export`).
    case noEvents = "no-events"

    /// How serious issues of this kind are.
    public var severity: Severity {
      switch self {
      case .invalidJSON, .wrongType, .invalidValue, .missingKey, .missingHeader, .unsupportedVersion,
        .lineTooLong, .corruptStream:
        .error
      case .truncatedStream, .trailingData, .incompleteLastLine, .timeGoesBackwards, .duplicateKey, .tooManyNames,
        .tooManyObjects, .hierarchyTooDeep, .tooManyDiagnostics, .eventsDropped, .noEvents:
        .warning
      }
    }
  }
}
