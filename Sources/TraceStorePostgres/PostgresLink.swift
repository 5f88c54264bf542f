import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// One connection to PostgreSQL, used from one ordinary thread at a time: each call blocks that
/// thread until the server has answered (traceq's commands are synchronous; the connection's
/// own work runs on SwiftNIO's event loop). Errors are ``PostgresFailure``s, worded without the
/// password.
package final class PostgresLink: @unchecked Sendable {
  package let location: PostgresLocation
  let connection: PostgresConnection
  /// Logs nothing: a log line could hold a statement's values or connection details.
  static let logger = Logger(label: "traceq.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

  private init(location: PostgresLocation, connection: PostgresConnection) {
    self.location = location
    self.connection = connection
  }

  /// Connects to the store at `location`.
  /// - Throws: ``PostgresFailure``.
  package static func open(_ location: PostgresLocation) throws -> PostgresLink {
    let configuration = try Self.configuration(location)
    let connection = try blocking {
      try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }
    return PostgresLink(location: location, connection: connection)
  }

  private static func configuration(_ location: PostgresLocation) throws -> PostgresConnection.Configuration {
    var configuration: PostgresConnection.Configuration
    if location.isSocket {
      configuration = .init(
        unixSocketPath: location.socketPath, username: location.user, password: location.password,
        database: location.database)
    } else {
      configuration = .init(
        host: location.host, port: location.port, username: location.user, password: location.password,
        database: location.database, tls: try tls(location.sslMode))
    }
    configuration.options.additionalStartupParameters = [("application_name", "traceq")]
    return configuration
  }

  /// TLS as libpq's `sslmode` asks: not at all, if the server offers it, or always (checking the
  /// certificate's chain with `verify-ca`, and its name too with `verify-full`).
  private static func tls(_ mode: PostgresLocation.SSLMode) throws -> PostgresConnection.Configuration.TLS {
    var tls = TLSConfiguration.makeClientConfiguration()
    switch mode {
    case .disable: return .disable
    case .allow, .prefer, .require: tls.certificateVerification = .none
    case .verifyCA: tls.certificateVerification = .noHostnameVerification
    case .verifyFull: tls.certificateVerification = .fullVerification
    }
    let context: NIOSSLContext
    do {
      context = try NIOSSLContext(configuration: tls)
    } catch {
      throw PostgresFailure(reason: "TLS cannot be set up: \(error)")
    }
    return mode == .allow || mode == .prefer ? .prefer(context) : .require(context)
  }

  /// Runs `sql` (no result rows wanted), with `binds` as `$1`, `$2`….
  package func execute(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws {
    _ = try rows(sql, binds)
  }

  /// The rows of `sql`, all at once (for small results).
  package func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
    let connection = connection
    let query = PostgresQuery(unsafeSQL: sql, binds: binds)
    return try Self.blocking { try await connection.query(query, logger: Self.logger).collect() }
  }

  /// Runs each statement of `statements` in turn, in one round trip per statement.
  package func script(_ statements: String) throws {
    for statement in SQLStatements.split(statements) { try execute(statement) }
  }

  /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
  package func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Closes the connection (again: nothing).
  package func close() {
    let connection = connection
    try? Self.blocking { try await connection.close() }
  }

  /// A link given up without ``close()`` closes its connection all the same.
  deinit {
    let _: EventLoopFuture<Void> = connection.close()
  }

  /// Runs `body` on Swift's concurrency pool and blocks this thread until it ends. Only for
  /// ordinary threads: traceq's commands and the threads they start, never a task's.
  static func blocking<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    startPostgresTask {
      do {
        result.value = .success(try await body())
      } catch {
        result.value = .failure(error)
      }
      done.signal()
    }
    done.wait()
    do {
      return try result.value!.get()
    } catch {
      throw PostgresFailure(error)
    }
  }
}

/// A result handed from a task to the thread that waits for it (never used by both at once).
final class ResultBox<T>: @unchecked Sendable {
  var value: Result<T, Error>?
}
