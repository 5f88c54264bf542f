/// One thing the benchmark times on each input: traceq's commands, the floor, the C reference
/// loop, or a general-purpose peer.
struct BenchCase {
  enum Name: String, CaseIterable {
    case floor
    case cSplit = "c-split"
    case cIngest = "c-ingest"
    case ingestNew = "ingest-new"
    case ingestAppend = "ingest-append"
    case check
    case duckdb
    case sqlite3Shell = "sqlite3-shell"
    case pythonSqlite = "python-sqlite"
    case sqliteUtils = "sqlite-utils"

    static var allNames: [String] { allCases.map(\.rawValue) }
  }

  /// What a case is compared as.
  enum Role {
    /// What the machine allows: inflate and split lines.
    case floor
    /// A reference that is not compared against (the C floor).
    case context
    /// The lean C ingester of ../shared/bench: a ratio column.
    case reference
    /// traceq itself: a row of the ratio table.
    case traceq
    /// A general-purpose tool loading the same NDJSON: a ratio column.
    case peer
  }

  let name: Name
  let role: Role
  /// What it does, for the table.
  let what: String
  /// The command for an input.
  let invocation: (Input) -> Invocation
  /// The largest input it is run on (sqlite-utils is too slow for more than a million events).
  var largestInput = Int.max
}

/// A generated trace the cases read.
struct Input {
  let path: String
  let events: Int
  /// Its size on disk (gzip).
  let bytes: Int
  /// "1M", "5M".
  let label: String
}

/// How to run a case once.
struct Invocation {
  var arguments: [String]
  var environment: [String: String] = [:]
  /// A file for standard input.
  var input: String?
  /// Untimed, before each run (removing the database of the previous run…).
  var prepare: () throws -> Void = {}
  /// Exit statuses that mean success (`traceq check` exits 1 when it finds errors).
  var success: Set<Int32> = [0]
}
