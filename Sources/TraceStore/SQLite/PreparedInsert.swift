import GRDB
import GRDBSQLite

/// A prepared statement bound and stepped through SQLite's C API, for the inserts (and the
/// deletes) that run once per event, per controller or per session: no argument arrays, no
/// `DatabaseValue`s, records bound in place. Values bound stay bound until bound again.
struct PreparedInsert {
  private let statement: Statement
  private let db: Database
  private var handle: SQLiteStatement { statement.sqliteStatement }

  init(_ db: Database, sql: String) throws {
    self.db = db
    statement = try db.makeStatement(sql: sql)
  }

  /// The statement of `sql` that `db` keeps prepared, for one that many short transactions run.
  init(cached db: Database, sql: String) throws {
    self.db = db
    statement = try db.cachedStatement(sql: sql)
  }

  @inline(__always) func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(handle, index, value)
  }

  @inline(__always) func bind(_ index: Int32, _ value: Int64?) {
    if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
  }

  @inline(__always) func bind(_ index: Int32, _ value: Double?) {
    if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
  }

  @inline(__always) func bind(_ index: Int32, _ value: Bool?) {
    if let value { sqlite3_bind_int64(handle, index, value ? 1 : 0) } else { sqlite3_bind_null(handle, index) }
  }

  /// Binds a static string (SQLite reads it in place).
  @inline(__always) func bind(_ index: Int32, _ value: StaticString?) {
    guard let value else { return bindNull(index) }
    _ = value.withUTF8Buffer { text in
      sqlite3_bind_text(
        handle, index, UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self),
        Int32(text.count), nil)
    }
  }

  /// Binds a string (SQLite copies its bytes).
  @inline(__always) func bind(_ index: Int32, _ value: String?) {
    guard var value else { return bindNull(index) }
    _ = value.withUTF8 { text in
      sqlite3_bind_text(
        handle, index,
        UnsafeRawPointer(text.baseAddress ?? UnsafePointer(("" as StaticString).utf8Start))
          .assumingMemoryBound(to: CChar.self), Int32(text.count), Self.transient)
    }
  }

  /// SQLite's `SQLITE_TRANSIENT`: copy the bytes bound.
  private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  /// Binds bytes that stay valid until ``step()`` returns (SQLite reads them in place).
  @inline(__always) func bindText(_ index: Int32, _ bytes: UnsafeRawBufferPointer) {
    let pointer = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
    sqlite3_bind_text(handle, index, pointer.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
  }

  /// Binds a value as SQLite stores its kind.
  func bind(_ index: Int32, _ value: StoredValue) {
    switch value {
    case .null: bindNull(index)
    case .integer(let integer): bind(index, integer)
    case .real(let real): bind(index, real)
    case .text(let text): bind(index, text)
    case .blob(let data):
      _ = data.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
    }
  }

  @inline(__always) func bindNull(_ index: Int32) {
    sqlite3_bind_null(handle, index)
  }

  /// Runs the insert and resets the statement for the next row.
  @inline(__always) func step() throws {
    let code = sqlite3_step(handle)
    if code == SQLITE_DONE {
      sqlite3_reset(handle)
      return
    }
    let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
    sqlite3_reset(handle)
    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
  }
}
