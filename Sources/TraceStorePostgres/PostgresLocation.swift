import Foundation

/// Where a PostgreSQL store is, as libpq reads it: a `postgres://` or `postgresql://` URL
/// (`postgres://user:password@host:port/database?sslmode=require`), with what the URL leaves
/// out taken from `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE` and `PGSSLMODE`, then
/// libpq's defaults (the Unix socket in `/var/run/postgresql`, port 5432, the login name as
/// user and database). A host that starts with `/` is the directory of a Unix socket.
///
/// The password is kept for connecting only: ``description`` (what messages name) never holds it.
package struct PostgresLocation: Sendable, CustomStringConvertible {
  /// How TLS is used, as libpq's `sslmode`.
  package enum SSLMode: String, Sendable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  package var host: String
  package var port: Int
  package var user: String
  package var password: String?
  package var database: String
  package var sslMode: SSLMode

  /// Whether the host is the directory of a Unix socket.
  package var isSocket: Bool { host.hasPrefix("/") }

  /// The path of the server's socket in that directory, as libpq names it.
  package var socketPath: String { "\(host)/.s.PGSQL.\(port)" }

  /// The location as messages name it: the URL without the password.
  package var description: String {
    let hostPart = isSocket ? Self.encode(host) : (host.contains(":") ? "[\(host)]" : host)
    return "postgres://\(Self.encode(user))@\(hostPart):\(port)/\(Self.encode(database))"
  }

  /// Whether `location` names a PostgreSQL store (a `postgres://` or `postgresql://` URL).
  package static func names(_ location: String) -> Bool {
    location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
  }

  /// Why a location cannot be used; the text never holds the password.
  package struct Invalid: Error, CustomStringConvertible {
    package var description: String
  }

  /// Reads `url`, with `environment` for what it leaves out.
  /// - Throws: ``Invalid`` when the URL is malformed or names an unknown `sslmode`.
  package init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard let schemeEnd = url.range(of: "://") else { throw Invalid(description: "not a postgres:// URL") }
    var rest = Substring(url[schemeEnd.upperBound...])
    var parameters: [String: String] = [:]
    if let query = rest.firstIndex(of: "?") {
      for pair in rest[rest.index(after: query)...].split(separator: "&") where !pair.isEmpty {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        parameters[try Self.decode(parts[0])] = parts.count > 1 ? try Self.decode(parts[1]) : ""
      }
      rest = rest[..<query]
    }
    var path: Substring = ""
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var userInfo: Substring?
    if let at = rest.lastIndex(of: "@") {
      userInfo = rest[..<at]
      rest = rest[rest.index(after: at)...]
    }
    var urlUser: String?
    var urlPassword: String?
    if let userInfo {
      let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      urlUser = parts[0].isEmpty ? nil : try Self.decode(parts[0])
      urlPassword = parts.count > 1 ? try Self.decode(parts[1]) : nil
    }
    let (urlHost, urlPort) = try Self.hostAndPort(rest)

    func value(_ parameter: String, _ fromURL: String?, _ variable: String) -> String? {
      [parameters[parameter], fromURL, environment[variable]].lazy.compactMap { $0 }.first { !$0.isEmpty }
    }
    let login = environment["USER"] ?? environment["LOGNAME"] ?? "postgres"
    host = value("host", urlHost, "PGHOST") ?? "/var/run/postgresql"
    let portText = value("port", urlPort, "PGPORT") ?? "5432"
    guard let port = Int(portText), (1...65535).contains(port) else {
      throw Invalid(description: "the port \"\(portText)\" is not a number from 1 to 65535")
    }
    self.port = port
    user = value("user", urlUser, "PGUSER") ?? login
    password = value("password", urlPassword, "PGPASSWORD")
    database = value("dbname", path.isEmpty ? nil : try Self.decode(path), "PGDATABASE") ?? user
    let mode = value("sslmode", nil, "PGSSLMODE") ?? "prefer"
    guard let sslMode = SSLMode(rawValue: mode) else {
      throw Invalid(
        description: "sslmode \"\(mode)\" is not one of disable, allow, prefer, require, verify-ca, verify-full")
    }
    self.sslMode = sslMode
  }

  /// The host and port of `authority` (`host`, `host:port`, `[v6]:port`, or empty).
  private static func hostAndPort(_ authority: Substring) throws -> (String?, String?) {
    guard !authority.isEmpty else { return (nil, nil) }
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      let host = String(authority[authority.index(after: authority.startIndex)..<close])
      let after = authority[authority.index(after: close)...]
      return (host, after.hasPrefix(":") ? String(after.dropFirst()) : nil)
    }
    let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let host = parts[0].isEmpty ? nil : try decode(parts[0])
    return (host, parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil)
  }

  private static func decode(_ text: Substring) throws -> String {
    guard let decoded = String(text).removingPercentEncoding else {
      throw Invalid(description: "a part of the URL has a malformed %-escape")
    }
    return decoded
  }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
  }
}
