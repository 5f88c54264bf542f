import GRDB
import GRDBSQLite

/// The addresses of the objects of a session that names more than ``StoredRecords/objectsHeld``
/// of them, looked up by id as its rows are read: the ids around the one asked for are read
/// together (a range of primary keys, ``idsPerRead``), and at most ``cacheLimit`` are kept, so
/// that memory stays bounded whatever the number of controllers a session names (an app that
/// never deallocates its controllers), as `check` bounds it reading the file.
final class StoredObjectLookup {
  /// Ids read at a time: an object's id comes after those its session named before it, so a
  /// session's rows ask for them in about this order.
  static let idsPerRead: Int64 = 1 << 12
  /// Addresses kept, at most (all are forgotten once there are this many).
  static let cacheLimit = 1 << 16

  private let db: Database
  private let statement: Statement
  private var cache: [Int64: [UInt8]] = [:]

  init(_ db: Database) throws {
    self.db = db
    // A session's controllers and popovers share one run of ids.
    statement = try db.makeStatement(
      sql: """
        SELECT id, address FROM controllers WHERE id BETWEEN ?1 AND ?2 UNION ALL
        SELECT id, address FROM popovers WHERE id BETWEEN ?1 AND ?2
        """)
  }

  /// The address of the controller or popover `id`; nil when there is none.
  func address(of id: Int64) throws -> [UInt8]? {
    if let address = cache[id] { return address }
    if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
    let first = id & ~(Self.idsPerRead - 1)
    try statement.setArguments([first, first + Self.idsPerRead - 1])
    try StoredRecords.step(statement, in: db) { handle in
      cache[sqlite3_column_int64(handle, 0)] = Array(StoredRecords.text(handle, 1))
      return true
    }
    return cache[id]
  }
}
