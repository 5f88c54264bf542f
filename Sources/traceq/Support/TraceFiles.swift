import Foundation

/// The trace files named on a command line.
enum TraceFiles {
  /// The name endings a directory walk picks up: `.ndjson`, `.jsonl` or `.trace`, each
  /// optionally followed by `.gz`, `.z`, `.zz` or `.zlib` (compression itself is told from the
  /// bytes, never from the name).
  static let patterns: [String] = {
    let bases = [".ndjson", ".jsonl", ".trace"]
    let compressions = ["", ".gz", ".z", ".zz", ".zlib"]
    return bases.flatMap { base in compressions.map { base + $0 } }
  }()

  /// Files as given, directories walked (sorted, hidden entries skipped) for trace files,
  /// `-` for standard input. Paths that do not exist are returned in `missing`.
  static func expand(_ arguments: [String]) -> (files: [String], missing: [String]) {
    var files: [String] = []
    var missing: [String] = []
    let manager = FileManager.default
    for argument in arguments {
      if argument == "-" {
        files.append(argument)
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        missing.append(argument)
        continue
      }
      guard isDirectory.boolValue else {
        files.append(argument)
        continue
      }
      files.append(contentsOf: walk(argument))
    }
    return (files, missing)
  }

  static func isTraceName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return patterns.contains { lowered.hasSuffix($0) }
  }

  private static func walk(_ directory: String) -> [String] {
    let root = URL(fileURLWithPath: directory)
    guard let enumerator = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var found: [String] = []
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let rootPath = root.standardizedFileURL.path
    for case let url as URL in enumerator where isTraceName(url.lastPathComponent) {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let full = url.standardizedFileURL.path
      let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
      found.append(prefix + relative)
    }
    return found.sorted()
  }
}
