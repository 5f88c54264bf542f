import TraceStore
import TraceStorePostgres

extension TraceStores {
  /// The store at `location`: a PostgreSQL database for a `postgres://` or `postgresql://` URL
  /// (libpq's conventions, `PostgresLocation`), else the SQLite database file at that path.
  package static func at(_ location: String) -> any TraceStoreBackend {
    PostgresLocation.names(location) ? PostgresStore(url: location) : sqlite(at: location)
  }
}
