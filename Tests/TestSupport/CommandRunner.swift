import Foundation

/// Runs the built `traceq` binary, as a user would from a shell.
public struct CommandRunner {
  public struct Result {
    public var status: Int32
    public var output: String
    public var error: String
  }

  /// The `traceq` built next to the test bundle.
  public static let traceq: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = bundle.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("traceq").path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("traceq")
  }()

  public var directory: String
  public var environment: [String: String] = [:]

  public init(directory: String) { self.directory = directory }

  /// Starts `traceq arguments…` and returns the running process with its pipes.
  public func start(_ arguments: [String], input: Data? = nil) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = Self.traceq
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "TRACEQ_DB")
    environment.merge(self.environment) { $1 }
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    if let input {
      let pipe = Pipe()
      process.standardInput = pipe
      try process.run()
      pipe.fileHandleForWriting.write(input)
      try pipe.fileHandleForWriting.close()
    } else {
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }
    return (process, output, error)
  }

  /// Runs `traceq arguments…` to completion.
  public func run(_ arguments: [String], input: Data? = nil) throws -> Result {
    let (process, output, error) = try start(arguments, input: input)
    return Self.finish(process, output, error)
  }

  /// Runs `traceq arguments…` under GNU time (`/usr/bin/time -f %M`, which forks it from a
  /// small process of its own) and returns its result and peak resident memory in bytes; nil
  /// when GNU time is not installed.
  public func peakMemory(_ arguments: [String]) throws -> (result: Result, bytes: Int)? {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
    let report = NSTemporaryDirectory() + "traceq-rss-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: report) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: time)
    process.arguments = ["-f", "%M", "-o", report, Self.traceq.path] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let result = Self.finish(process, output, error)
    let text = try String(contentsOfFile: report, encoding: .utf8)
    guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else { return nil }
    return (result, kilobytes * 1024)
  }

  public static func finish(_ process: Process, _ output: Pipe, _ error: Pipe) -> Result {
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }
}
