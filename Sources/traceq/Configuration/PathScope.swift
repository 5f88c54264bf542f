import Foundation

/// Matches trace paths against `.traceq.yml` path patterns, which are relative to the
/// directory of the configuration file (like SwiftLint's `excluded`, or `.gitignore`).
///
/// - A pattern without `/` matches a file or directory name at any depth (`*.tmp.ndjson`).
/// - A pattern with `/` matches the path relative to the configuration's directory
///   (`traces/legacy/**`); one starting with `/` matches the absolute path.
/// - A pattern that matches a directory matches everything below it (`traces/legacy`).
struct PathScope: Hashable {
  /// The directory relative patterns start from (absolute, standardized).
  let directory: String

  init(directory: String) {
    self.directory = Self.absolute(directory)
  }

  /// Whether `pattern` matches `path` (as given on the command line, relative to the
  /// current directory, or absolute). Standard input (`-`) matches no path pattern.
  func matches(_ pattern: Glob, _ path: String) -> Bool {
    guard path != "-" else { return false }
    let absolute = Self.absolute(path)
    if pattern.pattern.hasPrefix("/") { return Self.prefixes(of: absolute).contains(where: pattern.matches) }
    let relative = relativePath(absolute)
    if !pattern.hasSeparator {
      return relative.split(separator: "/").contains { pattern.matches(String($0)) }
    }
    return Self.prefixes(of: relative).contains(where: pattern.matches)
  }

  /// `path` relative to ``directory`` when it lies below it, else absolute.
  func relativePath(_ absolute: String) -> String {
    let base = directory == "/" ? "/" : directory + "/"
    return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
  }

  /// `a`, `a/b`, `a/b/c` for `a/b/c` (and `/a`, `/a/b` for an absolute path).
  private static func prefixes(of path: String) -> [String] {
    var result: [String] = []
    var index = path.startIndex
    while let slash = path[index...].firstIndex(of: "/") {
      if slash != path.startIndex { result.append(String(path[..<slash])) }
      index = path.index(after: slash)
    }
    result.append(path)
    return result
  }

  private static func absolute(_ path: String) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
    return url.standardizedFileURL.path
  }
}
