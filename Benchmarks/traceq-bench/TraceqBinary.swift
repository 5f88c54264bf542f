import Foundation

/// Finds the traceq to measure: the one given, or the one in the build directory of this
/// benchmark, rebuilt first (`swift build -c release --product traceq`, with the package traits
/// this benchmark was built with) so that it is never older than the sources.
enum TraceqBinary {
  /// The package traits of this build, passed on to the traceq it builds.
  static var traits: [String] {
    #if ISAL
      ["--traits", "ISAL"]
    #else
      []
    #endif
  }

  /// This program's path.
  static var benchmark: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  }

  static func locate(given: String?, log: String) throws -> String {
    if let given {
      guard FileManager.default.isExecutableFile(atPath: given) else {
        throw BenchError("--traceq \(given): not an executable")
      }
      return given
    }
    let directory = URL(fileURLWithPath: benchmark).deletingLastPathComponent()
    let candidate = directory.appendingPathComponent("traceq").path
    if let (package, scratch) = buildDirectories(of: directory), ChildProcess.exists("swift") {
      let arguments =
        ["build", "-c", "release", "--product", "traceq"] + traits + [
          "--package-path", package, "--scratch-path", scratch,
        ]
      Progress.say("building traceq (swift \(arguments.joined(separator: " ")))")
      let build = try ChildProcess.run(["swift"] + arguments, log: log)
      guard build.status == 0 else { throw BenchError("building traceq failed; see \(log)") }
    }
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      throw BenchError("no traceq next to this benchmark (\(candidate)); build it or give --traceq PATH")
    }
    return candidate
  }

  /// The package root and the scratch directory (`.build`) above `directory`, the one holding
  /// this program (`<package>/.build/<triple>/release`).
  private static func buildDirectories(of directory: URL) -> (package: String, scratch: String)? {
    var scratch = directory
    while scratch.path != "/" {
      let parent = scratch.deletingLastPathComponent()
      if FileManager.default.fileExists(atPath: parent.appendingPathComponent("Package.swift").path) {
        return (parent.path, scratch.path)
      }
      scratch = parent
    }
    return nil
  }
}

/// Progress lines on standard error.
enum Progress {
  static func say(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
