import Foundation
import TestSupport
import Testing

/// The recorder is what an app adds: its package must bring nothing with it. A scratch app
/// package depending on it is resolved by SwiftPM as an app's would be, and must hold the
/// recorder alone.
@Suite("The recorder's package")
struct RecorderPackageTests {
  static let recorderPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("TraceRecorder")

  @Test("its manifest declares no package dependency")
  func noDependencies() throws {
    let manifest = try String(
      contentsOf: Self.recorderPackage.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains("name: \"TraceRecorder\""))
    #expect(!manifest.contains(".package("), "the recorder's Package.swift depends on a package")
  }

  @Test("a scratch app package depending on the recorder resolves the recorder and nothing else")
  func scratchAppResolvesOnlyTheRecorder() throws {
    let app = try TemporaryDirectory()
    defer { app.remove() }
    try FileManager.default.createDirectory(atPath: app.file("Sources/ScratchApp"), withIntermediateDirectories: true)
    try """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "ScratchApp",
      platforms: [.iOS(.v15), .macOS(.v13)],
      dependencies: [.package(path: "\(Self.recorderPackage.path)")],
      targets: [
        .target(
          name: "ScratchApp",
          dependencies: [
            .product(name: "TraceRecorder", package: "TraceRecorder"),
            .product(name: "TraceRecorderUIKit", package: "TraceRecorder"),
          ])
      ])
    """.write(toFile: app.file("Package.swift"), atomically: true, encoding: .utf8)
    try "import TraceRecorderUIKit\n".write(
      toFile: app.file("Sources/ScratchApp/App.swift"), atomically: true, encoding: .utf8)

    let swiftPM = try Self.run(["package", "--package-path", app.path, "show-dependencies", "--format", "json"])
    #expect(swiftPM.status == 0, "\(swiftPM.error)")
    let tree = try #require(try JSONSerialization.jsonObject(with: Data(swiftPM.output.utf8)) as? [String: Any])
    let dependencies = try #require(tree["dependencies"] as? [[String: Any]])
    #expect(dependencies.map { $0["name"] as? String } == ["TraceRecorder"])
    #expect(dependencies.map { $0["url"] as? String } == [Self.recorderPackage.path])
    for dependency in dependencies {
      #expect((dependency["dependencies"] as? [Any])?.isEmpty == true, "the recorder brings \(dependency)")
    }
    // Nothing was fetched: no pin, no checkout, no repository cache entry.
    if let resolved = FileManager.default.contents(atPath: app.file("Package.resolved")) {
      let pins = (try JSONSerialization.jsonObject(with: resolved) as? [String: Any])?["pins"] as? [Any]
      #expect(pins?.isEmpty != false, "Package.resolved pins \(pins ?? [])")
    }
    for folder in [".build/checkouts", ".build/repositories"] {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: app.file(folder))) ?? []
      #expect(entries.isEmpty, "\(folder): \(entries)")
    }
  }

  /// Runs `swift` with `arguments`.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
    )
  }
}
