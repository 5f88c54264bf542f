import Foundation

/// The cases this machine can run, and a note for each one it cannot (a peer not installed, no
/// C compiler).
struct CaseCatalog {
  private(set) var cases: [BenchCase] = []
  private(set) var notes: [String] = []

  /// The database `ingest-new` leaves, which the queries read.
  var newDatabase: String? { cases.first { $0.name == .ingestNew }?.database }

  /// - Parameters:
  ///   - traceq: the binary measured.
  ///   - benchmark: this program (it runs the floor as a child, to measure it alone).
  ///   - shared: the directory with sqlite_ceiling.c and py_peers.py.
  ///   - work: where databases and logs go.
  ///   - baseDatabase: a stored trace that `ingest-append` adds to (a copy, each run).
  init(traceq: String, benchmark: String, shared: String, work: String, baseDatabase: String) {
    func database(_ name: String) -> String { "\(work)/\(name).db" }
    func fresh(_ path: String) -> () throws -> Void { { Files.removeDatabase(path) } }
    add(.floor, .floor, "TraceReader: inflate + split lines (Swift, this program)") { input in
      Invocation(arguments: [benchmark, "floor", input.path])
    }
    add(.decode, .context, "TraceDecoding: read, hash, inflate, split and decode, what ingest hands the store") {
      input in Invocation(arguments: [benchmark, "decode", input.path])
    }
    addCompiled(shared: shared, work: work)
    add(.ingestNew, .traceq, "traceq ingest into a new database", database: database("new")) { input in
      Invocation(
        arguments: [traceq, "ingest", "--db", database("new"), "-q", input.path], prepare: fresh(database("new")))
    }
    add(.ingestAppend, .traceq, "traceq ingest into a database holding another trace") { input in
      Invocation(arguments: [traceq, "ingest", "--db", database("append"), "-q", input.path]) {
        try Files.copyDatabase(baseDatabase, to: database("append"))
      }
    }
    add(.check, .traceq, "traceq check (findings to /dev/null)") { input in
      Invocation(arguments: [traceq, "check", input.path], success: [0, 1])
    }
    add(.checkStored, .traceq, "traceq check --db of a database holding the same events", baseline: .check) { input in
      let stored = "\(work)/stored-\(input.label).db"
      return Invocation(
        arguments: [traceq, "check", "--db", stored],
        prepare: { try Self.storeOnce(input, in: stored, traceq: traceq, log: "\(work)/stored.log") }, success: [0, 1])
    }
    addPeers(shared: shared, work: work)
    addManyFiles(traceq: traceq, database: database("many"))
  }

  /// Stores `input` in a new database at `path`, untimed, unless an earlier run did.
  private static func storeOnce(_ input: Input, in path: String, traceq: String, log: String) throws {
    guard !FileManager.default.fileExists(atPath: path) else { return }
    let stored = try ChildProcess.run(
      [traceq, "ingest", "--db", path, "-q", input.path], log: log, measuringMemory: false)
    guard stored.status == 0 else { throw BenchError("traceq ingest failed: \(Files.firstLine(of: log))") }
  }

  /// `check` and `ingest` of the many-file directory with one job, then two.
  private mutating func addManyFiles(traceq: String, database: String) {
    let pairs: [(one: BenchCase.Name, two: BenchCase.Name, command: String)] = [
      (.manyCheckOneJob, .manyCheckTwoJobs, "check"), (.manyIngestOneJob, .manyIngestTwoJobs, "ingest"),
    ]
    for (one, two, command) in pairs {
      for (name, jobs) in [(one, 1), (two, 2)] {
        let what = "traceq \(command) -j \(jobs) of every file\(command == "ingest" ? " into a new database" : "")"
        add(name, .traceq, what, scope: .manyFiles, baseline: jobs == 2 ? one : nil) { input in
          command == "check"
            ? Invocation(arguments: [traceq, "check", "-j", "\(jobs)", input.path], success: [0, 1])
            : Invocation(
              arguments: [traceq, "ingest", "-j", "\(jobs)", "--db", database, "-q", input.path]) {
                Files.removeDatabase(database)
              }
        }
      }
    }
  }

  private mutating func add(
    _ name: BenchCase.Name, _ role: BenchCase.Role, _ what: String, largestInput: Int = .max,
    scope: BenchCase.Scope = .eachSize, baseline: BenchCase.Name? = nil, database: String? = nil,
    _ invocation: @escaping (Input) -> Invocation
  ) {
    cases.append(
      BenchCase(
        name: name, role: role, what: what, invocation: invocation, largestInput: largestInput, scope: scope,
        baseline: baseline, database: database))
  }

  /// The C floor and lean ingester of ../shared/bench, compiled into `work`.
  private mutating func addCompiled(shared: String, work: String) {
    let source = "\(shared)/sqlite_ceiling.c"
    let binary = "\(work)/sqlite_ceiling"
    guard FileManager.default.fileExists(atPath: source) else {
      return notes.append("c-split, c-ingest: skipped, no \(source) (--shared DIR)")
    }
    guard ChildProcess.exists("cc") else { return notes.append("c-split, c-ingest: skipped, no C compiler (cc)") }
    let log = "\(work)/cc.log"
    let compiled = try? ChildProcess.run(
      ["cc", "-O2", "-o", binary, source, "-lsqlite3", "-lz"], log: log, measuringMemory: false)
    guard compiled?.status == 0 else {
      return notes.append(
        "c-split, c-ingest: skipped, cc failed (\(Files.firstLine(of: log))); apt-get install libsqlite3-dev zlib1g-dev"
      )
    }
    add(.cSplit, .context, "C: zlib inflate + line split") { input in
      Invocation(arguments: [binary, "split", input.path])
    }
    let database = "\(work)/c.db"
    add(.cIngest, .reference, "C lean loop: one INSERT per event, journal OFF, 64 KiB pages", database: database) {
      input in
      Invocation(
        arguments: [binary, "ingest", input.path, "off", database],
        environment: ["SQLITE_JOURNAL": "OFF", "SQLITE_PAGE_SIZE": "65536"]
      ) { Files.removeDatabase(database) }
    }
  }

  /// DuckDB, the sqlite3 shell, Python and sqlite-utils, as ../shared/bench/peers.sh runs them.
  private mutating func addPeers(shared: String, work: String) {
    let script = "\(shared)/py_peers.py"
    let python = ChildProcess.output(["python3", "-c", "import sys; print(sys.executable)"])
    if let python, FileManager.default.fileExists(atPath: script) {
      if let version = ChildProcess.output([python, "-c", "import duckdb; print(duckdb.__version__)"]) {
        let database = "\(work)/duck.db"
        add(.duckdb, .peer, "DuckDB \(version) read_json(sample_size=-1) into a database file", database: database) {
          input in Invocation(arguments: [python, script, "duckdb", input.path, database])
        }
      } else {
        notes.append("duckdb: skipped, not installed (pip install duckdb)")
      }
      let version = ChildProcess.output([python, "-c", "import platform; print(platform.python_version())"]) ?? ""
      add(.pythonSqlite, .peer, "Python \(version) json + sqlite3 executemany") { input in
        Invocation(arguments: [python, script, "sqlite", input.path, "\(work)/py.db"])
      }
    } else {
      notes.append("duckdb, python-sqlite: skipped, \(python == nil ? "no python3" : "no \(script) (--shared DIR)")")
    }
    if ChildProcess.exists("sqlite3"), ChildProcess.exists("zcat") {
      let database = "\(work)/s3.db"
      let version = ChildProcess.output(["sqlite3", "--version"])?.split(separator: " ").first.map(String.init) ?? ""
      add(.sqlite3Shell, .peer, "sqlite3 \(version) shell: .import + json_extract") { input in
        let sql = "\(work)/json1-\(input.label).sql"
        return Invocation(arguments: ["sqlite3", database], input: sql) {
          Files.removeDatabase(database)
          try Files.write(Self.json1Script(input.path), to: sql)
        }
      }
    } else {
      notes.append("sqlite3-shell: skipped, no sqlite3 (apt-get install sqlite3)")
    }
    let nextToPython = python.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path + "/sqlite-utils" }
    let sqliteUtils =
      nextToPython.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
      ?? (ChildProcess.exists("sqlite-utils") ? "sqlite-utils" : nil)
    if let sqliteUtils {
      let database = "\(work)/su.db"
      let version = ChildProcess.output([sqliteUtils, "--version"])?.split(separator: " ").last.map(String.init) ?? ""
      add(.sqliteUtils, .peer, "sqlite-utils \(version) insert --nl --alter", largestInput: 1_000_000) { input in
        Invocation(arguments: [
          "sh", "-c", "zcat '\(input.path)' | '\(sqliteUtils)' insert '\(database)' events - --nl --alter",
        ]) {
          Files.removeDatabase(database)
        }
      }
    } else {
      notes.append("sqlite-utils: skipped, not installed (pip install sqlite-utils)")
    }
  }

  /// The sqlite3 shell script of peers.sh: the lines imported whole, then json_extract of t, ev
  /// and vc into a table, in one transaction.
  static func json1Script(_ trace: String) -> String {
    """
    PRAGMA journal_mode=WAL;
    BEGIN;
    CREATE TEMP TABLE raw(j TEXT);
    .mode ascii
    .separator "\u{1F}" "\\n"
    .import "|zcat \(trace)" raw
    CREATE TABLE events(ts REAL, ev TEXT, vc TEXT, line INTEGER, json TEXT);
    INSERT INTO events SELECT json_extract(j,'$.t'), json_extract(j,'$.ev'), json_extract(j,'$.vc'), rowid, j FROM raw;
    COMMIT;

    """
  }
}
