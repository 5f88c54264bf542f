import TraceModel
import TraceReading
import TraceStore

/// Stores trace files in PostgreSQL, one transaction per file. Many runners may store at once:
/// each file's rows are copied under ids of its own, and its trace row, added last, is unique
/// by content hash, so that the same file stored twice at once is stored once, and the second
/// runner finds it skipped.
final class PostgresFileWriter: TraceFileWriter {
  private let link: PostgresLink
  /// Asked for ids and event names outside the file's transaction.
  private let ids: PostgresLink

  init(link: PostgresLink, ids: PostgresLink) throws {
    self.link = link
    self.ids = ids
  }

  deinit {
    link.close()
    ids.close()
  }

  private var location: String { link.location.description }

  func store(_ source: any IngestItemSource, as ingestion: TraceIngestion) throws -> IngestOutcome {
    let first = try source.next()
    var rows: PostgresRowWriter?
    // What fails midway leaves a copy open: it is ended (its rows go with the rollback).
    defer { rows?.endCopy() }
    do {
      try link.execute("BEGIN")
      rows = try PostgresRowWriter(link: link, ids: ids)
      let outcome = try TraceFileRows(rows!, ingestion: ingestion).store(first, then: source)
      guard case .stored = outcome else {
        try link.execute("ROLLBACK")
        return outcome
      }
      try link.execute("COMMIT")
      return outcome
    } catch let stored as PostgresRowWriter.StoredMeanwhile {
      rows?.endCopy()
      try rollBack(storing: ingestion.path)
      return .skipped(path: ingestion.path, existingPath: stored.path)
    } catch let error as TraceReadError {
      rows?.endCopy()
      try rollBack(storing: ingestion.path)
      throw error
    } catch let failure as PostgresFailure {
      rows?.endCopy()
      try? link.execute("ROLLBACK")
      throw StoreError.writeFailed(location: location, file: ingestion.path, reason: failure.reason)
    }
  }

  private func rollBack(storing file: String) throws {
    do {
      try link.execute("ROLLBACK")
    } catch let failure as PostgresFailure {
      throw StoreError.writeFailed(location: location, file: file, reason: failure.reason)
    }
  }

  /// Each file was committed when it was stored.
  func finish() throws {}
}
