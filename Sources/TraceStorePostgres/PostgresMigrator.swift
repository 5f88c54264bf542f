import PostgresNIO
import TraceStore

/// Brings a PostgreSQL store's schema up to date (``PostgresSchema``), and refuses one written by
/// a newer traceq. Runners migrating at once take turns on an advisory lock: the first applies
/// what is missing, the others then find nothing to do.
enum PostgresMigrator {
  /// The schema version of the store `link` is connected to; 0 when it has none yet.
  static func version(_ link: PostgresLink) throws -> Int {
    let exists = try link.rows("SELECT to_regclass('traceq_schema') IS NOT NULL")
    guard try exists.first?.decode(Bool.self) == true else { return 0 }
    return try link.rows("SELECT coalesce(max(version), 0) FROM traceq_schema").first?.decode(Int.self) ?? 0
  }

  /// Applies the missing migrations.
  /// - Throws: ``StoreError/newerSchema(location:found:known:)`` for a store of a newer traceq,
  ///   ``PostgresFailure`` when a migration fails (it is rolled back).
  static func migrate(_ link: PostgresLink) throws {
    let found = try version(link)
    try refuseNewer(found, link)
    guard found < PostgresSchema.latest else { return }
    try link.transaction {
      try link.execute("SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))")
      try link.execute(PostgresSchema.versionTable)
      let applied = try version(link)
      try refuseNewer(applied, link)
      for (index, migration) in PostgresSchema.migrations.enumerated() where index + 1 > applied {
        try link.script(migration.sql)
        var binds = PostgresBindings()
        binds.append(index + 1)
        binds.append(migration.name)
        try link.execute("INSERT INTO traceq_schema (version, name) VALUES ($1, $2)", binds)
      }
    }
  }

  private static func refuseNewer(_ version: Int, _ link: PostgresLink) throws {
    guard version > PostgresSchema.latest else { return }
    throw StoreError.newerSchema(location: link.location.description, found: version, known: PostgresSchema.latest)
  }
}
