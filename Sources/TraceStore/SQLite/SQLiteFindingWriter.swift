import GRDB
import TraceModel

/// Stores findings in `anomalies`, each call in one short transaction, unless they are stored
/// already (``StoredFindingRows``).
final class SQLiteFindingWriter: FindingWriter {
  private let path: String
  private let queue: DatabaseQueue

  init(path: String, queue: DatabaseQueue) {
    self.path = path
    self.queue = queue
  }

  func writeFindings(_ parts: [FindingsPart], rules: [String]) throws {
    do {
      guard try !queue.read({ db in try Self.areStored(parts, rules: rules, in: db) }) else { return }
      try queue.write { db in
        let writer = try AnomalyWriter(db: db, rules: rules)
        for part in parts {
          let session = part.session
          if part.replaces { try writer.delete(session: session.id) }
          try writer.insert(session: session.id, trace: session.traceID, part.findings)
        }
      }
    } catch {
      throw StoreError.findingsNotStored(location: path, reason: StoreError.reason(error))
    }
  }

  private static func areStored(_ parts: [FindingsPart], rules: [String], in db: Database) throws -> Bool {
    let placeholders = Array(repeating: "?", count: rules.count).joined(separator: ", ")
    let statement = try db.cachedStatement(
      sql: """
        SELECT \(StoredFindingRows.columns) FROM anomalies
        WHERE session_id = ? AND rule IN (\(placeholders)) ORDER BY id LIMIT ?
        """)
    return try StoredFindingRows.areStored(parts) { session, most in
      let arguments: [DatabaseValueConvertible] = [session] + rules + [most]
      return try Row.fetchAll(statement, arguments: StatementArguments(arguments)).map { row in
        row.databaseValues.map(Self.value)
      }
    }
  }

  private static func value(_ value: DatabaseValue) -> StoredValue {
    switch value.storage {
    case .null: .null
    case .int64(let integer): .integer(integer)
    case .double(let real): .real(real)
    case .string(let text): .text(text)
    case .blob(let data): .blob(Array(data))
    }
  }
}
