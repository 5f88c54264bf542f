import Foundation

/// What one run of a command cost: its wall time and the peak resident memory of the process
/// and the processes it waited for.
struct ChildRun {
  var seconds: Double
  /// Bytes; nil without GNU time.
  var peakRSS: Int?
  /// The exit status, or 128 + the signal that ended it.
  var status: Int32
}

/// Starts commands with `posix_spawnp` and measures them.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`), which forks the command from its
/// own small process: `posix_spawn` here shares this program's memory until the exec, and Linux
/// counts that memory in the child's `ru_maxrss`, so `wait4` alone would report this
/// program's size for every small command.
enum ChildProcess {
  /// GNU time, when installed.
  static let time: String? = {
    let path = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: path),
      (try? run([path, "-f", "%M", "-o", "/dev/null", "true"], log: "/dev/null", measuringMemory: false))?.status == 0
    else { return nil }
    return path
  }()

  /// Runs `arguments` (the first is looked up in PATH) with standard input from `input` (or
  /// /dev/null), standard output to /dev/null and standard error to `log`.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil, log: String,
    measuringMemory: Bool = true
  ) throws -> ChildRun {
    let memoryFile = log + ".rss"
    let timed = measuringMemory ? time.map { [$0, "-f", "%M", "-o", memoryFile] } : nil
    let arguments = (timed ?? []) + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let start = monotonicSeconds()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw BenchError("waitpid failed: \(String(cString: strerror(errno)))") }
    }
    let seconds = monotonicSeconds() - start
    let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let kilobytes =
      timed == nil
      ? nil
      : (try? String(contentsOfFile: memoryFile, encoding: .utf8)).flatMap {
        Int($0.split(separator: "\n").last ?? "")
      }
    return ChildRun(seconds: seconds, peakRSS: kilobytes.map { $0 * 1024 }, status: exit)
  }

  /// The standard output of `arguments` (looked up in PATH), trimmed; nil when it cannot run
  /// or fails.
  static func output(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whether `command` is found in PATH.
  static func exists(_ command: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(command)") }
  }

  static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// A reason the benchmark cannot go on, said to the user.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
