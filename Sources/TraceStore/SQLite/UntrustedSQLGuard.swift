import CSQLiteConfig
import GRDB
import GRDBSQLite

/// What a user's SQL may do on `traceq query`'s connection: read the database, nothing else.
/// SQLite's advice for untrusted SQL (https://www.sqlite.org/security.html, "Untrusted SQL
/// inputs"), applied to the connection once it is open:
///
/// - `SQLITE_DBCONFIG_DEFENSIVE` on: no statement can corrupt the file (`writable_schema`,
///   shadow tables, `sqlite_dbpage`);
/// - `fts3_tokenizer` cannot register a tokenizer (a pointer chosen in SQL, which the next FTS3
///   table calls), and no extension can be loaded;
/// - lower limits on a statement's length, an expression's depth, compound SELECTs and bound
///   parameters, and no attached database;
/// - an authorizer that, while a user's statement is compiled (``whileGuarding(_:)``), allows
///   SELECTs (the database is the only one: nothing can be attached), `WITH RECURSIVE`, pragmas
///   that only read, and every function but those that reach memory or files
///   (``deniedFunctions``). Everything else is refused, and ``refusal`` says what.
///
/// (`trusted_schema` stays on: the `events` view calls `json_quote`, which SQLite does not mark
/// harmless, and the authorizer vets the functions a view calls as it vets the query's own.)
///
/// The authorizer replaces GRDB's on this connection (GRDB tracks what statements change for
/// its observers; this connection has none), and lets GRDB's own statements through.
final class UntrustedSQLGuard {
  /// Functions a query may not call: `fts3_tokenizer` reads and registers pointers (one chosen in
  /// SQL crashes the process), `load_extension` runs code from a file; the others are the SQLite
  /// shell's file functions, should a build provide them.
  static let deniedFunctions: Set<String> = ["fts3_tokenizer", "load_extension", "readfile", "writefile", "edit"]

  /// Pragmas that only read, whatever their argument (`PRAGMA table_info(events)`). Others are
  /// allowed without a value (`PRAGMA page_size`), which reads them, and refused with one;
  /// those that act without a value (``actingPragmas``) are refused either way.
  static let readingPragmas: Set<String> = [
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
    "foreign_key_check", "integrity_check", "quick_check", "compile_options", "database_list", "collation_list",
    "function_list", "module_list", "pragma_list",
  ]

  /// Pragmas that do something even without a value.
  static let actingPragmas: Set<String> = ["optimize", "wal_checkpoint", "incremental_vacuum", "shrink_memory"]

  /// The limits of a query's statements, lower than SQLite's defaults (the values a person
  /// writes stay well within them).
  static let limits: [(limit: Int32, value: Int32)] = [
    (SQLITE_LIMIT_SQL_LENGTH, 1 << 20),
    (SQLITE_LIMIT_EXPR_DEPTH, 100),
    (SQLITE_LIMIT_COMPOUND_SELECT, 100),
    (SQLITE_LIMIT_ATTACHED, 0),
    (SQLITE_LIMIT_VARIABLE_NUMBER, 100),
    (SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 10_000),
    (SQLITE_LIMIT_TRIGGER_DEPTH, 1),
  ]

  /// What the authorizer refused last, in words (`the function fts3_tokenizer()`).
  private(set) var refusal: String?
  private var isGuarding = false

  /// Applies the settings and installs the authorizer on `queue`'s connection.
  /// - Throws: when SQLite refuses a setting (a build without it): the query is not run.
  init(on queue: DatabaseQueue) throws {
    try queue.inDatabase { db in
      let connection = db.sqliteConnection
      for (option, value) in [
        (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0),
        (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0),
      ] {
        var result: Int32 = -1
        let code = traceq_sqlite3_db_config_int(connection, option, Int32(value), &result)
        guard code == SQLITE_OK, result == value else {
          throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "SQLite refused option \(option)")
        }
      }
      for (limit, value) in Self.limits { sqlite3_limit(connection, limit, value) }
      sqlite3_set_authorizer(
        connection,
        { context, action, first, second, _, _ in
          Unmanaged<UntrustedSQLGuard>.fromOpaque(context!).takeUnretainedValue()
            .authorize(action, first.map(String.init(cString:)), second.map(String.init(cString:)))
        },
        Unmanaged.passUnretained(self).toOpaque())
    }
  }

  /// Runs `body`, in which the user's statements are compiled, with the authorizer's policy in force.
  func whileGuarding<T>(_ body: () throws -> T) rethrows -> T {
    isGuarding = true
    refusal = nil
    defer { isGuarding = false }
    return try body()
  }

  /// SQLite's question, with its first two arguments (a table and column, a function's name, a
  /// pragma and its value), answered.
  private func authorize(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
    guard isGuarding else { return SQLITE_OK }
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
      return SQLITE_OK
    case SQLITE_UPDATE where first == "sqlite_master":
      // Asked, column by column, before a table-valued function (json_each, pragma_table_info)
      // is connected. An UPDATE of the schema itself fails all the same: the connection is
      // read-only, and defensive.
      return SQLITE_OK
    case SQLITE_FUNCTION:
      let name = (second ?? "").lowercased()
      return Self.deniedFunctions.contains(name) ? refuse("the function \(name)()") : SQLITE_OK
    case SQLITE_PRAGMA:
      let name = (first ?? "").lowercased()
      if Self.readingPragmas.contains(name) || (second == nil && !Self.actingPragmas.contains(name)) {
        return SQLITE_OK
      }
      return refuse("PRAGMA \(name)" + (second == nil ? "" : " with a value"))
    default:
      return refuse(Self.describe(action, first))
    }
  }

  private func refuse(_ what: String) -> Int32 {
    refusal = what
    return SQLITE_DENY
  }

  /// An action the authorizer refuses, in words.
  private static func describe(_ action: Int32, _ object: String?) -> String {
    let subject = object.map { " \($0)" } ?? ""
    switch action {
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE: return "writing to\(subject)"
    case SQLITE_ATTACH, SQLITE_DETACH: return "attaching or detaching a database"
    case SQLITE_TRANSACTION, SQLITE_SAVEPOINT: return "transactions"
    case SQLITE_CREATE_VTABLE: return "creating a virtual table"
    case SQLITE_CREATE_TEMP_TABLE, SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_VIEW,
      SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_INDEX, SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TRIGGER:
      return "creating\(subject)"
    default: return "a statement that changes the database or the connection"
    }
  }
}
