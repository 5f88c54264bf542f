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
    /// Whether a file stored in a database is checked (`check --db`): not excluded, and, when
    /// `trace_files` is set, with a name it picks, as a walk of its directory would.
    var keepsStored: (String) -> Bool = { _ in true }
  }

  /// What the arguments name.
  struct Listing: Equatable {
    /// The files to read, in order; `-` for standard input.
    var files: [String] = []
    /// Arguments (and entries met in a walk) that cannot be read: an error line for each
    /// (`a.gz: error: no such file or directory`).
    var unreadable: [String] = []
    /// Arguments named explicitly but excluded by the selection.
    var excluded: [String] = []
    /// What a walk did not follow, as note lines (a symbolic link to a directory).
    var notes: [String] = []
  }

  /// Files as given and directories walked (see ``walk(_:selection:into:)``), as `selection`
  /// says: excluded files and directories are skipped (and listed when named explicitly). A
  /// symbolic link named is followed, to a file or a directory. Standard input can be named once.
  static func list(_ arguments: [String], selection: Selection = Selection()) -> Listing {
    var listing = Listing()
    var readsStandardInput = false
    for argument in arguments {
      if argument == "-" {
        if readsStandardInput {
          listing.unreadable.append("-: error: standard input can be read only once; name - once")
        } else {
          readsStandardInput = true
          listing.files.append(argument)
        }
        continue
      }
      var info = stat()
      guard stat(argument, &info) == 0 else {
        listing.unreadable.append("\(TerminalText.lineStart(argument)): error: \(reason(errno))")
        continue
      }
      if selection.excludes(argument) {
        listing.excluded.append(argument)
      } else if info.st_mode & S_IFMT == S_IFDIR {
        walk(argument, selection: selection, into: &listing)
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

  /// Why a path cannot be used, in words: "no such file or directory", "a loop of symbolic links".
  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or directory"
    case ELOOP: "a loop of symbolic links (too many levels to follow)"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
