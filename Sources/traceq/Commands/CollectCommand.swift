import ArgumentParser
import Foundation

extension TraceqCommand {
  struct Collect: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "collect",
      abstract: "Copy the traces an app recorded into a folder that traceq check reads.",
      discussion: """
        The recorder (TraceRecorder) writes one file per launch into Library/Caches/traceq of the \
        app's container. With --bundle-id, the files are taken from that app's container on a booted \
        iOS simulator (xcrun simctl get_app_container; macOS with Xcode only). With --from, from a \
        directory: a container downloaded from a device, or the recorder's folder itself.

        Exit status: 0 files copied, 2 no trace files found, a source that cannot be read, or the \
        simulator asked for without Xcode's tools.

        Examples:
          traceq collect --bundle-id com.example.Homepwner traces
          traceq collect --bundle-id com.example.Homepwner --device 5A3F… traces
          traceq collect --from ~/Downloads/Homepwner.xcappdata/AppData traces
        """)

    @Option(help: ArgumentHelp("The app's bundle identifier, to collect from a simulator.", valueName: "id"))
    var bundleID: String?

    @Option(help: ArgumentHelp("The simulator: a UDID, or booted.", valueName: "udid"))
    var device = "booted"

    @Option(help: ArgumentHelp("A directory holding the recorder's files, or an app container.", valueName: "dir"))
    var from: String?

    @Argument(help: ArgumentHelp("Where to copy the traces (created if needed).", valueName: "dir"))
    var destination = "traces"

    func validate() throws {
      if (bundleID == nil) == (from == nil) { throw ValidationError("give either --bundle-id or --from") }
    }

    func run() throws {
      let source = try from ?? Self.simulatorContainer(device: device, bundleID: bundleID ?? "")
      let copied = try TraceCollection(source: source).copy(into: destination)
      print(
        "copied \(copied.count) trace file\(copied.count == 1 ? "" : "s") into \(TerminalText.escaped(destination))")
    }

    /// The data container of `bundleID` on the simulator `device`, from `xcrun simctl`.
    static func simulatorContainer(device: String, bundleID: String) throws -> String {
      #if os(macOS)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["simctl", "get_app_container", device, bundleID, "data"]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do { try process.run() } catch {
          throw CommandFailure.usage("cannot run xcrun simctl (\(error)); install Xcode's command-line tools")
        }
        let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
          throw CommandFailure.usage(
            "xcrun simctl get_app_container \(device) \(bundleID) data failed: "
              + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return path.trimmingCharacters(in: .whitespacesAndNewlines)
      #else
        throw CommandFailure.usage(
          "--bundle-id reads a simulator's app container with xcrun simctl, which needs Xcode's tools "
            + "(macOS); copy the app's Library/Caches/traceq folder here and use --from instead")
      #endif
    }
  }
}

/// The recorder's files under a directory or an app container, and copying them.
struct TraceCollection {
  /// Where the recorder writes inside an app's container.
  static let recorderFolder = "Library/Caches/traceq"
  let source: String

  /// The trace files found: those of `source/Library/Caches/traceq` when `source` is a
  /// container, else those of `source`.
  func files() throws -> [URL] {
    var directory = URL(fileURLWithPath: source)
    let inContainer = directory.appendingPathComponent(Self.recorderFolder)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: inContainer.path, isDirectory: &isDirectory), isDirectory.boolValue {
      directory = inContainer
    }
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
      throw CommandFailure.usage("cannot read \(directory.path): \(error.localizedDescription)")
    }
    return names.filter { $0.contains(".ndjson") }.sorted().map { directory.appendingPathComponent($0) }
  }

  /// Copies the files into `destination`, replacing files of the same name (a trace that grew
  /// since the last copy). Returns the copies.
  func copy(into destination: String) throws -> [URL] {
    let files = try files()
    guard !files.isEmpty else {
      throw CommandFailure.usage(
        "no trace files (*.ndjson, *.ndjson.gz) in \(source) or its \(Self.recorderFolder); "
          + "did the app call UIKitRecording.start()?")
    }
    let target = URL(fileURLWithPath: destination)
    do {
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      return try files.map { file in
        let copy = target.appendingPathComponent(file.lastPathComponent)
        if FileManager.default.fileExists(atPath: copy.path) { try FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: file, to: copy)
        return copy
      }
    } catch {
      throw CommandFailure.usage("cannot copy into \(destination): \(error.localizedDescription)")
    }
  }
}
