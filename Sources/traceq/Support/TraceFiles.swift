import Foundation

/// The trace files named on a command line.
enum TraceFiles {
  /// The name endings a directory walk picks up by default: traces (`.ndjson`, `.jsonl`,
  /// `.trace`), console logs (`.log`), crash reports (`.crash`, `.ips`), each optionally
  /// followed by `.gz`, `.z`, `.zz` or `.zlib`. Files named on the command line are read
  /// whatever their name: what a file holds and how it is compressed are told from its bytes.
  static let patterns: [String] = {
    let bases = [".ndjson", ".jsonl", ".trace", ".log", ".crash", ".ips"]
    let compressions = ["", ".gz", ".z", ".zz", ".zlib"]
    return bases.flatMap { base in compressions.map { base + $0 } }
  }()

  /// Which files a walk picks up and which paths are never checked (`trace_files` and
  /// `excluded` in `.traceq.yml`).
  struct Selection {
    /// Whether a walk picks up a file with this name.
    var picks: (String) -> Bool = TraceFiles.isTraceName
    /// Whether a path (a file, or a directory to walk) is left out.
    var excludes: (String) -> Bool = { _ in false }
  }

  /// What the arguments name.
  struct Listing: Equatable {
    /// The files to read, in order; `-` for standard input.
    var files: [String] = []
    /// Arguments that do not exist.
    var missing: [String] = []
    /// Arguments named explicitly but excluded by the selection.
    var excluded: [String] = []
  }

  /// Files as given, directories walked (sorted, hidden entries skipped) for trace files,
  /// `-` for standard input. Paths that do not exist are returned in `missing`.
  static func expand(_ arguments: [String]) -> (files: [String], missing: [String]) {
    let listing = list(arguments)
    return (listing.files, listing.missing)
  }

  /// Files as given and directories walked, as `selection` says: excluded files and
  /// directories are skipped (and listed when named explicitly).
  static func list(_ arguments: [String], selection: Selection = Selection()) -> Listing {
    var listing = Listing()
    let manager = FileManager.default
    for argument in arguments {
      if argument == "-" {
        listing.files.append(argument)
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        listing.missing.append(argument)
        continue
      }
      if selection.excludes(argument) {
        listing.excluded.append(argument)
      } else if isDirectory.boolValue {
        listing.files.append(contentsOf: walk(argument, selection: selection))
      } else {
        listing.files.append(argument)
      }
    }
    return listing
  }

  static func isTraceName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return patterns.contains { lowered.hasSuffix($0) }
  }

  private static func walk(_ directory: String, selection: Selection) -> [String] {
    let root = URL(fileURLWithPath: directory)
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey], options: [.skipsHiddenFiles])
    else { return [] }
    var found: [String] = []
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let rootPath = root.standardizedFileURL.path
    for case let url as URL in enumerator {
      let full = url.standardizedFileURL.path
      let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
      let path = prefix + relative
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
      if values?.isDirectory == true {
        if selection.excludes(path) { enumerator.skipDescendants() }
        continue
      }
      guard values?.isRegularFile == true, selection.picks(url.lastPathComponent), !selection.excludes(path) else {
        continue
      }
      found.append(path)
    }
    return found.sorted()
  }
}
