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

  public static func finish(_ process: Process, _ output: Pipe, _ error: Pipe) -> Result {
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }
}
