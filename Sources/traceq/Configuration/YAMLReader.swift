import TraceModel
import Yams

/// Reads typed values out of a parsed `.traceq.yml`, naming the key and line of anything
/// that is not what it should be.
struct YAMLReader {
  /// The file, for messages.
  let file: String

  /// An error at `node`'s line.
  func error(_ node: Node?, _ message: String) -> ConfigurationError {
    ConfigurationError(file: file, line: node?.mark?.line, problem: message)
  }

  /// The entries of a mapping whose keys must all be in `allowed`.
  func mapping(_ node: Node, at key: String, allowed: [String]? = nil) throws(ConfigurationError) -> [(
    key: String, keyNode: Node, value: Node
  )] {
    if node.null != nil { return [] }
    guard let mapping = node.mapping else { throw error(node, "'\(key)' must be a mapping of keys to values") }
    var entries: [(key: String, keyNode: Node, value: Node)] = []
    for (keyNode, value) in mapping {
      guard let name = keyNode.scalar?.string else { throw error(keyNode, "the keys of '\(key)' must be plain names") }
      if let allowed, !allowed.contains(name) {
        throw error(keyNode, "unknown key '\(name)' in \(key)\(Self.suggestion(for: name, among: allowed))")
      }
      entries.append((name, keyNode, value))
    }
    return entries
  }

  /// A scalar's text.
  func string(_ node: Node, at key: String) throws(ConfigurationError) -> String {
    guard let scalar = node.scalar, node.null == nil else { throw error(node, "'\(key)' must be a single value") }
    return scalar.string
  }

  /// `true` or `false`.
  func bool(_ node: Node, at key: String) throws(ConfigurationError) -> Bool {
    guard node.scalar != nil, let value = node.bool else {
      throw error(node, "'\(key)' must be true or false, not '\(node.scalar?.string ?? "a list or mapping")'")
    }
    return value
  }

  /// `note`, `warning` or `error`.
  func severity(_ node: Node, at key: String) throws(ConfigurationError) -> Severity {
    let text = try string(node, at: key)
    guard let severity = Severity(rawValue: text) else {
      let values = Severity.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(node, "'\(key)' must be one of \(values), not '\(text)'")
    }
    return severity
  }

  /// A list of scalars (a single scalar counts as a list of one; nothing, as an empty list),
  /// each with its node.
  func strings(_ node: Node, at key: String) throws(ConfigurationError) -> [(text: String, node: Node)] {
    if node.null != nil { return [] }
    if node.scalar != nil { return [(try string(node, at: key), node)] }
    guard let sequence = node.sequence else { throw error(node, "'\(key)' must be a list") }
    var items: [(text: String, node: Node)] = []
    for item in sequence {
      items.append((try string(item, at: key), item))
    }
    return items
  }

  /// A list of patterns, each checked.
  func globs(_ node: Node, at key: String) throws(ConfigurationError) -> [Glob] {
    var globs: [Glob] = []
    for (text, item) in try strings(node, at: key) {
      globs.append(try glob(text, item, at: key))
    }
    return globs
  }

  /// One pattern, checked.
  func glob(_ text: String, _ node: Node, at key: String) throws(ConfigurationError) -> Glob {
    do {
      return try Glob(text.hasPrefix("./") ? String(text.dropFirst(2)) : text)
    } catch {
      throw self.error(node, "\(key): \(error)")
    }
  }

  /// "; did you mean 'x'?" when a known name is close to `name`.
  static func suggestion(for name: String, among known: [String]) -> String {
    let close = known.filter { distance(normalized(name), normalized($0)) <= 2 }
    if close.isEmpty { return "; known keys: \(known.joined(separator: ", "))" }
    return "; did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
  }

  private static func normalized(_ name: String) -> [Character] {
    Array(name.lowercased().replacingOccurrences(of: "-", with: "_"))
  }

  /// Levenshtein distance.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
