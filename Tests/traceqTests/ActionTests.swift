import Foundation
import TestSupport
import Testing

@testable import traceq

/// The composite GitHub Action (action.yml): its inputs, the README's workflow that uses it, and
/// its install and check steps run with bash as a runner would run them.
@Suite("GitHub Action")
struct ActionTests {
  static let action = (try? DocumentationTests.read("action.yml")) ?? ""

  /// The script of the step named `name`: the lines under its `run: |`, unindented.
  static func script(_ name: String) throws -> String {
    let lines = action.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let step = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- name: \(name)" })
    let run = try #require(lines[step...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
    let indent = lines[run].prefix { $0 == " " }.count + 2
    let body = lines[(run + 1)...].prefix { $0.isEmpty || $0.prefix { $0 == " " }.count >= indent }
    return body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }

  /// The inputs action.yml declares, with their defaults.
  static var inputs: [String: String] {
    var found: [String: String] = [:]
    var current: String?
    let block = action.components(separatedBy: "\ninputs:\n")[1].components(separatedBy: "\noutputs:")[0]
    for line in block.split(separator: "\n") {
      if line.hasPrefix("  "), !line.hasPrefix("    "), line.hasSuffix(":") {
        current = String(line.dropFirst(2).dropLast())
        found[current!] = ""
      } else if let current, line.hasPrefix("    default: ") {
        found[current] = String(line.dropFirst(13)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }
    }
    return found
  }

  /// Runs `script` with bash in `directory`, with only `environment`, as a runner runs a step.
  static func bash(_ script: String, in directory: String, environment: [String: String]) throws -> CommandRunner.Result
  {
    try shell(script, in: directory, using: "/bin/bash", environment: environment)
  }

  @Test("the Action installs this version; the README's workflow uses it with inputs it has")
  func inputsAndReadme() throws {
    let inputs = Self.inputs
    #expect(inputs["version"] == Release.version, "action.yml's version default is Release.version")
    #expect(Set(inputs.keys).isSuperset(of: ["paths", "baseline", "config", "source-root", "formats", "upload-sarif"]))
    #expect(Self.action.contains("using: composite"))
    #expect(Self.action.contains("uses: github/codeql-action/upload-sarif@v3"))
    let readme = try DocumentationTests.read("README.md")
    #expect(readme.contains("uses: traceq/traceq@v\(Release.version)"))
    let with = readme.components(separatedBy: "uses: traceq/traceq@v\(Release.version)\n")[1]
      .components(separatedBy: "\n      - ")[0].split(separator: "\n").dropFirst()
    #expect(with.count >= 3)
    for line in with {
      let key = line.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
      #expect(inputs[String(key)] != nil, "the README passes '\(key)', which action.yml does not declare")
    }
    #expect(try DocumentationTests.read("docs/homebrew/traceq.rb").contains("tag: \"v\(Release.version)\""))
  }

  @Test("the install step checks the archive's SHA-256 and puts traceq on the PATH")
  func install() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let machine = try Self.bash("uname -m", in: directory.path, environment: ["PATH": "/usr/bin:/bin"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let name = "traceq-\(Release.version)-linux-\(machine)"
    let release = directory.file("release")
    try FileManager.default.createDirectory(atPath: "\(release)/\(name)", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CommandRunner.traceq.path, toPath: "\(release)/\(name)/traceq")
    let packed = try Self.bash(
      "tar -czf \(name).tar.gz \(name) && sha256sum \(name).tar.gz > SHA256SUMS", in: release,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(packed.status == 0, "\(packed.error)")
    let runner = directory.file("runner")
    try FileManager.default.createDirectory(atPath: runner, withIntermediateDirectories: true)
    let environment = [
      "PATH": "/usr/bin:/bin", "RUNNER_OS": "Linux", "RUNNER_TEMP": runner, "GITHUB_PATH": "\(runner)/path",
      "TRACEQ_VERSION": Release.version, "TRACEQ_RELEASE_URL": "file://\(release)",
    ]
    let installed = try Self.bash(try Self.script("Install traceq"), in: runner, environment: environment)
    #expect(installed.status == 0, "\(installed.output)\(installed.error)")
    let path = try String(contentsOfFile: "\(runner)/path", encoding: .utf8).trimmingCharacters(in: .newlines)
    #expect(path == "\(runner)/traceq-\(Release.version)/\(name)")
    let version = try Self.bash("\(path)/traceq --version", in: runner, environment: ["PATH": "/usr/bin:/bin"])
    #expect(version.output == Release.version + "\n")

    try "0000000000000000000000000000000000000000000000000000000000000000  \(name).tar.gz\n".write(
      toFile: "\(release)/SHA256SUMS", atomically: true, encoding: .utf8)
    let tampered = try Self.bash(try Self.script("Install traceq"), in: runner, environment: environment)
    #expect(tampered.status != 0, "an archive that does not match SHA256SUMS is refused")
  }

  @Test("the check step annotates, writes the SARIF report and the step summary, and records the status")
  func check() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("build/traces"))
    try FileManager.default.copyItem(atPath: SourceMappingTests.app, toPath: workspace.file("App"))
    let runner = workspace.file("runner")
    try FileManager.default.createDirectory(atPath: runner, withIntermediateDirectories: true)
    try "# UI tests\n".write(toFile: "\(runner)/summary.md", atomically: true, encoding: .utf8)
    let result = try Self.bash(
      try Self.script("Check the traces"), in: workspace.path,
      environment: [
        "PATH": CommandRunner.traceq.deletingLastPathComponent().path + ":/usr/bin:/bin", "RUNNER_TEMP": runner,
        "GITHUB_STEP_SUMMARY": "\(runner)/summary.md", "GITHUB_OUTPUT": "\(runner)/output",
        "INPUT_PATHS": "build/traces", "INPUT_BASELINE": "", "INPUT_CONFIG": "", "INPUT_SOURCE_ROOT": "App",
        "INPUT_FORMATS": "junit:build/traceq-junit.xml\ncodeclimate:build/quality.json",
      ])
    #expect(result.status == 0, "the step records the status; a later step fails the job: \(result.error)")
    #expect(result.output.hasPrefix(Release.version + "\n"))
    #expect(result.output.contains("::warning file=App/Games/MainScreen.swift,line=5,"))
    let outputs = try String(contentsOfFile: "\(runner)/output", encoding: .utf8)
    #expect(outputs.contains("exit-code=1\n") && outputs.contains("sarif=\(runner)/traceq.sarif\n"))
    #expect(FileManager.default.fileExists(atPath: "\(runner)/traceq.sarif"))
    let summary = try String(contentsOfFile: "\(runner)/summary.md", encoding: .utf8)
    #expect(summary.hasPrefix("# UI tests\n### traceq: 4 errors, 4 warnings, 1 note in 8 files"))
    #expect(FileManager.default.fileExists(atPath: workspace.file("build/traceq-junit.xml")))
    #expect(FileManager.default.fileExists(atPath: workspace.file("build/quality.json")))
  }
}
