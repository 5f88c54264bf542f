import Foundation
import TestSupport
import Testing
import TraceModel
import TraceReading

@testable import traceq

/// The README is the first page a user reads: its first commands are the ones CI runs, its
/// links lead somewhere, and the output it shows is what the commands print.
@Suite("README")
struct ReadmeTests {
  /// A fenced block of a Markdown text: its language (empty for plain output) and lines.
  struct Block {
    var language: String
    var lines: [String]
    /// The index of its opening fence among the text's lines.
    var start: Int
  }

  static let readme = (try? DocumentationTests.read("README.md")) ?? ""

  static func blocks(_ text: String) -> [Block] {
    var blocks: [Block] = []
    var open: Block?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if line.hasPrefix("```") {
        if let block = open {
          blocks.append(block)
          open = nil
        } else {
          open = Block(language: String(line.dropFirst(3)), lines: [], start: index)
        }
      } else {
        open?.lines.append(line)
      }
    }
    return blocks
  }

  /// The plain blocks after the first line of the README that holds `command`, in order.
  static func output(after command: String) throws -> [Block] {
    let lines = readme.components(separatedBy: "\n")
    let at = try #require(lines.firstIndex { $0.contains(command) }, "the README no longer shows \(command)")
    return blocks(readme).filter { $0.language.isEmpty && $0.start > at }
  }

  /// Whether `shown` (with `…` for left-out lines) is `printed` in order, lines left out aside.
  static func isExcerpt(_ shown: [String], of printed: String) -> Bool {
    var rest = printed.components(separatedBy: "\n")[...]
    for line in shown where line != "…" {
      guard let found = rest.firstIndex(of: line) else { return false }
      rest = rest[(found + 1)...]
    }
    return true
  }

  static func workspaceWithSamples() throws -> TemporaryDirectory {
    let workspace = try TemporaryDirectory()
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    return workspace
  }

  @Test("the first screen gives CI's two commands verbatim, before any section")
  func firstCommands() throws {
    let top = try #require(Self.readme.components(separatedBy: "\n## ").first)
    let commands = Self.blocks(top).filter { $0.language == "sh" }.flatMap(\.lines)
      .map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
    #expect(commands == ["swift run traceq check samples", "swift test"])
    #expect(Self.readme.contains("## Try it on your app in one minute"))
  }

  @Test("the output under `check samples` is what it prints")
  func checkSamples() throws {
    let workspace = try Self.workspaceWithSamples()
    defer { workspace.remove() }
    let result = try CommandRunner(directory: workspace.path).run(["check", "samples"])
    let shown = try #require(try Self.output(after: "swift run traceq check samples").first)
    #expect(Self.isExcerpt(shown.lines, of: result.output), "\(result.output)")
  }

  @Test("the console excerpt of \"Try it\" gives the output the README shows, line for line")
  func consoleExcerpt() throws {
    let blocks = try Self.output(after: "pbpaste > excerpt.log")
    try #require(blocks.count >= 2)
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try (blocks[0].lines.joined(separator: "\n") + "\n").write(
      toFile: workspace.file("excerpt.log"), atomically: true, encoding: .utf8)
    let result = try CommandRunner(directory: workspace.path).run(["check", "excerpt.log"])
    #expect(result.status == 0)
    #expect(result.output == blocks[1].lines.joined(separator: "\n") + "\n")
  }

  @Test("the trace, the replayed state, the stored rows and the baseline are what the commands print")
  func otherOutputs() throws {
    let workspace = try Self.workspaceWithSamples()
    defer { workspace.remove() }
    let runner = CommandRunner(directory: workspace.path)
    let trace = try #require(try Self.output(after: "gzip -dc samples/homepwner-ipad-double-camera").first)
    let text = try TraceReader(path: workspace.file("samples/homepwner-ipad-double-camera.ndjson.gz"))
    var lines: [String] = []
    while lines.count < trace.lines.count, let line = try text.next() { lines.append(line.text()) }
    #expect(trace.lines == lines)

    let state = try #require(try Self.output(after: "homepwner-ipad-double-camera.ndjson.gz --at 15").first)
    let replayed = try runner.run(["replay", "samples/homepwner-ipad-double-camera.ndjson.gz", "--at", "15"])
    #expect(replayed.output == state.lines.joined(separator: "\n") + "\n")

    let ingested = try runner.run(["ingest", "samples"])
    let stored = try #require(try Self.output(after: "traceq ingest samples").first)
    #expect(Self.isExcerpt(stored.lines, of: ingested.output), "\(ingested.output)")
    #expect(try runner.run(["check", "--db", "traces.db"]).status == 1)
    let queries = Self.readme.matches(of: /traceq query "([^"]+)"/).map { String($0.output.1) }
    for ending in ["FROM appearances WHERE did_appear > 1", "GROUP BY s.app, s.build, a.rule ORDER BY n DESC"] {
      let sql = try #require(queries.first { $0.hasSuffix(ending) })
      let shown = try #require(try Self.output(after: ending + "\"").first)
      let printed = try runner.run(["query", "--format", "table", sql]).output
      #expect(Self.isExcerpt(shown.lines, of: printed), "\(printed)")
    }

    let baseline = try #require(Self.blocks(Self.readme).first { $0.lines.first?.hasPrefix("$ traceq check") == true })
    let written = try runner.run(["check", "--write-baseline", ".traceq-baseline.json", "samples"])
    #expect(baseline.lines.first == "$ traceq check --write-baseline .traceq-baseline.json samples")
    #expect(Self.isExcerpt(Array(baseline.lines.dropFirst()), of: written.output + written.error))
  }

  /// The `traceq` commands of a shell block, as the shell splits them: quotes removed (a quoted
  /// argument may span lines), comments and an output redirection dropped.
  static func commands(_ block: Block) -> [[String]] {
    var commands: [[String]] = []
    var words: [String] = []
    var word: String?
    var quote: Character?
    var inComment = false
    for character in block.lines.joined(separator: "\n") + "\n" {
      if inComment && character != "\n" { continue }
      inComment = false
      if let open = quote {
        if character == open { quote = nil } else { word?.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        word = word ?? ""
      } else if character == "#" && word == nil {
        inComment = true
      } else if character == " " || character == "\n" {
        if let finished = word { words.append(finished) }
        word = nil
        if character == "\n" && !words.isEmpty {
          commands.append(words)
          words = []
        }
      } else {
        word = (word ?? "") + String(character)
      }
    }
    return commands.filter { $0.first == "traceq" }.map { Array($0.dropFirst().prefix { $0 != ">" }) }
  }

  @Test("every traceq command of the README runs in a clone, on the samples, none refused")
  func everyCommandRuns() throws {
    let workspace = try Self.workspaceWithSamples()
    defer { workspace.remove() }
    try FileManager.default.createDirectory(atPath: workspace.file("build"), withIntermediateDirectories: true)
    for directory in ["build/logs", "build/traces", "traces"] {
      try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file(directory))
    }
    try FileManager.default.copyItem(
      atPath: workspace.file("samples/homepwner-ipad-double-camera.ndjson.gz"),
      toPath: workspace.file("recorded.ndjson.gz"))
    let excerpt = try #require(try Self.output(after: "pbpaste > excerpt.log").first)
    try (excerpt.lines.joined(separator: "\n") + "\n").write(
      toFile: workspace.file("excerpt.log"), atomically: true, encoding: .utf8)
    let runner = CommandRunner(directory: workspace.path)
    let commands = Self.blocks(Self.readme).filter { $0.language == "sh" }.flatMap(Self.commands)
    #expect(commands.count >= 20, "\(commands)")
    // `collect` reads a simulator's container, which needs Xcode's tools.
    for command in commands where command.first != "collect" {
      let result = try runner.run(command)
      #expect(
        [0, 1].contains(result.status) && !result.error.contains("error:"),
        "traceq \(command.joined(separator: " ")) exited \(result.status): \(result.error)")
    }
  }

  /// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
  static func anchor(_ heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
      })
  }

  @Test("the links of the README, CONTRIBUTING.md and docs/ lead to files and headings that exist")
  func links() throws {
    let root = DocumentationTests.root
    let documents =
      ["README.md", "CONTRIBUTING.md"]
      + (try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path))
      .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
    for document in documents {
      let text = try DocumentationTests.read(document)
      let directory = (document as NSString).deletingLastPathComponent
      for link in text.matches(of: /\]\(([^)\s]+)\)/).map({ String($0.output.1) }) where !link.contains("://") {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target =
          parts[0].isEmpty
          ? document
          : ((directory as NSString).appendingPathComponent(parts[0]) as NSString)
            .standardizingPath
        #expect(
          FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path),
          "\(document) links \(link), which does not exist")
        guard parts.count == 2, target.hasSuffix(".md"), let linked = try? DocumentationTests.read(target) else {
          continue
        }
        let anchors = linked.components(separatedBy: "\n").filter { $0.hasPrefix("#") }
          .map { Self.anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) }
        #expect(anchors.contains(parts[1]), "\(document) links \(link): \(target) has no heading #\(parts[1])")
      }
    }
  }
}
