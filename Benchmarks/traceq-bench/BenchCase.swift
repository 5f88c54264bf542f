/// One thing the benchmark times on each input: traceq's commands, the floor, the C reference
/// loop, or a general-purpose peer.
struct BenchCase {
  enum Name: String, CaseIterable {
    case floor
    case decode
    case cSplit = "c-split"
    case cIngest = "c-ingest"
    case ingestNew = "ingest-new"
    case ingestAppend = "ingest-append"
    case check
    case checkStored = "check-db"
    case duckdb
    case sqlite3Shell = "sqlite3-shell"
    case pythonSqlite = "python-sqlite"
    case sqliteUtils = "sqlite-utils"
    case manyCheckOneJob = "many-check-j1"
    case manyCheckTwoJobs = "many-check-j2"
    case manyIngestOneJob = "many-ingest-j1"
    case manyIngestTwoJobs = "many-ingest-j2"
    /// Not a case of the rounds: the documented queries, timed on the largest size's database.
    case queries

    static var allNames: [String] { allCases.map(\.rawValue) }
  }

  /// Which input a case reads.
  enum Scope {
    /// Each size of `--sizes`: one gzip file.
    case eachSize
    /// The directory of `--many` files.
    case manyFiles
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
  var scope = Scope.eachSize
  /// The case this one is paired with (`many-check-j2` against `many-check-j1`, `check-db`
  /// against `check`).
  var baseline: Name?
  /// The database a run leaves behind, for the size table (DuckDB's file for `duckdb`); nil
  /// when the case stores nothing, or adds to another trace.
  var database: String?
}

/// A generated trace the cases read.
struct Input {
  let path: String
  let events: Int
  /// Its size on disk (gzip).
  let bytes: Int
  /// "1M", "5M"; "200x50k" for the many-file input.
  let label: String
  /// "5M events", "200 files of 50k events".
  let title: String
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
