import Foundation

/// Finds and reads `.traceq.yml`: the file given with `--config`, or the first one in the
/// current directory or its parents.
enum ConfigurationFile {
  /// The configuration in force: `explicit` when given (it must exist), else the nearest
  /// `.traceq.yml` from `directory` up, else the defaults.
  static func load(
    explicit: String?, from directory: String = FileManager.default.currentDirectoryPath
  ) throws(ConfigurationError) -> CheckConfiguration {
    if let explicit { return try read(explicit) }
    guard let found = locate(from: directory) else { return CheckConfiguration(directory: directory) }
    return try read(found)
  }

  /// The nearest `.traceq.yml` in `directory` or its parents.
  static func locate(from directory: String) -> String? {
    var url = URL(fileURLWithPath: directory).standardizedFileURL
    while true {
      let candidate = url.appendingPathComponent(CheckConfiguration.fileName).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
        return candidate
      }
      let parent = url.deletingLastPathComponent().standardizedFileURL
      if parent.path == url.path { return nil }
      url = parent
    }
  }

  /// Reads and parses `path`; its patterns are relative to its directory.
  static func read(_ path: String) throws(ConfigurationError) -> CheckConfiguration {
    let data: Data
    do {
      data = try NamedFile.contents(path)
    } catch {
      throw ConfigurationError(file: path, line: nil, problem: "\(error.reason) (the configuration file)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigurationError(file: path, line: nil, problem: "not UTF-8 text")
    }
    let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    return try ConfigurationParser(file: path, directory: directory).parse(text)
  }
}
