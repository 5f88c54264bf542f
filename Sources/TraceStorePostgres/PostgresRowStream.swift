import PostgresNIO

/// The rows of one statement, pulled by an ordinary thread a batch at a time: each batch is one
/// wait on the connection, however many rows it holds, and rows never pile up beyond one
/// batch on this side (the connection applies backpressure to the server).
final class PostgresRowStream: @unchecked Sendable {
  static let batchSize = 512

  private var iterator: PostgresRowSequence.AsyncIterator
  private var batch: [PostgresRow] = []
  private var position = 0
  private var ended = false

  /// Starts `sql` on `link`.
  init(_ link: PostgresLink, _ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws {
    let connection = link.connection
    let query = PostgresQuery(unsafeSQL: sql, binds: binds)
    iterator = try PostgresLink.blocking {
      UncheckedIterator(try await connection.query(query, logger: PostgresLink.logger).makeAsyncIterator())
    }.iterator
  }

  /// The next row, or nil after the last.
  func next() throws -> PostgresRow? {
    if position == batch.count {
      guard !ended else { return nil }
      try fill()
      guard position < batch.count else { return nil }
    }
    defer { position += 1 }
    return batch[position]
  }

  private func fill() throws {
    let box = UncheckedIterator(iterator)
    let (rows, rest, done) = try PostgresLink.blocking { () -> ([PostgresRow], UncheckedIterator, Bool) in
      var iterator = box.iterator
      var rows: [PostgresRow] = []
      rows.reserveCapacity(Self.batchSize)
      while rows.count < Self.batchSize {
        guard let row = try await iterator.next() else { return (rows, UncheckedIterator(iterator), true) }
        rows.append(row)
      }
      return (rows, UncheckedIterator(iterator), false)
    }
    iterator = rest.iterator
    batch = rows
    position = 0
    ended = done
  }
}

/// An iterator handed between this thread and a task that uses it while this thread waits.
struct UncheckedIterator: @unchecked Sendable {
  var iterator: PostgresRowSequence.AsyncIterator
  init(_ iterator: PostgresRowSequence.AsyncIterator) { self.iterator = iterator }
}
