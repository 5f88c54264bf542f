import PostgresNIO

/// What went wrong talking to PostgreSQL, in the server's words where it gave some: its message,
/// with the detail and hint when there are. Never a statement's values or the connection's
/// password (PSQLError's own description may show the query).
package struct PostgresFailure: Error, CustomStringConvertible {
  /// SQLSTATE of the server's error, when the server sent one (`23505` a unique violation…).
  package var sqlState: String?
  package var reason: String

  package var description: String { reason }

  init(reason: String, sqlState: String? = nil) {
    self.reason = reason
    self.sqlState = sqlState
  }

  init(_ error: Error) {
    if let failure = error as? PostgresFailure {
      self = failure
      return
    }
    guard let error = error as? PSQLError else {
      self.init(reason: "\(error)")
      return
    }
    if let server = error.serverInfo, let message = server[.message] {
      var reason = message
      if let detail = server[.detail] { reason += " (\(detail))" }
      if let hint = server[.hint] { reason += "; \(hint)" }
      self.init(reason: reason, sqlState: server[.sqlState])
      return
    }
    var reason = Self.words(error.code)
    if let underlying = error.underlying { reason += ": \(underlying)" }
    self.init(reason: reason)
  }

  /// The SQLSTATE of a query stopped by `statement_timeout` (or a cancel).
  package static let queryCanceled = "57014"
  package static let uniqueViolation = "23505"
  package static let outOfMemory = "53200"
  package static let programLimitExceeded = "54000"

  private static func words(_ code: PSQLError.Code) -> String {
    switch code {
    case .connectionError: "cannot connect to the server"
    case .serverClosedConnection: "the server closed the connection"
    case .authMechanismRequiresPassword: "the server asks for a password: give it in PGPASSWORD or the URL"
    case .unsupportedAuthMechanism: "the server asks for an authentication method traceq does not support"
    case .sslUnsupported: "the server does not support TLS, which sslmode requires"
    case .saslError: "the password was not accepted"
    default: "\(code)"
    }
  }
}
