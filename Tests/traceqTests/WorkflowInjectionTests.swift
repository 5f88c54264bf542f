import Foundation
import TestSupport
import Testing

/// Text from a trace (a class name, the app's name, a console line, the file's own name) never
/// becomes a line of its own in a report: GitHub's runner reads every line of a job's log that
/// starts, after blanks, with `::` or `##[` as a workflow command
/// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions).
@Suite("Workflow-command injection")
struct WorkflowInjectionTests {
  /// What a hostile value tries: new lines that are commands, in every spelling the runner reads.
  static let hostile =
    "X\n::error file=pwn.swift,line=1::rogue\r\n::add-mask::secret\n##[error]old\n  ::warning::indented\n%0A::x"

  /// A line that GitHub would read as a command that is not one of traceq's annotations (which
  /// all have a file, a line and a title).
  static func isRogue(_ line: Substring) -> Bool {
    let start = line.drop { $0 == " " || $0 == "\t" }
    guard start.hasPrefix("::") || start.hasPrefix("##[") else { return false }
    return start.firstMatch(of: #/^::(error|warning|notice) file=[^,:\r\n]*,line=\d+,title=[^,:\r\n]*::/#) == nil
  }

  static func rogueLines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.filter(isRogue)
  }

  /// A trace whose app, class names and console lines are hostile, written under a hostile name
  /// and a plain one; returns the two names.
  static func traces(in directory: TemporaryDirectory) throws -> [String] {
    func quoted(_ text: String) throws -> String { String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }
    var lines = [#"{"traceq":1,"app":\#(try quoted(hostile + "App")),"os":"17.0","idiom":"phone"}"#]
    for _ in 0..<30 { lines.append(#"{"ev":"viewDidAppear","vc":"0x1","class":\#(try quoted(hostile + "Cls"))}"#) }
    let presentation =
      "[Presentation] Attempt to present <\(hostile): 0x1> on <B: 0x2> whose view is not in the window hierarchy!"
    lines.append(#"{"ev":"console","text":\#(try quoted(presentation))}"#)
    lines.append(#"{"ev":"console","text":\#(try quoted(hostile))}"#)
    // `:` alone: `path:line:` would start with `::`.
    let names = ["::error file=a,line=1::from-name\n::x.ndjson", ":", "plain.ndjson"]
    for name in names { _ = try Fixture.write(TraceText.lines(lines), .none, to: directory.file(name)) }
    return names
  }

  @Test(
    "no hostile value starts a line, in any format, on standard output or error",
    arguments: ["text", "json", "junit", "sarif", "github", "markdown", "checkstyle", "codeclimate"])
  func everyFormat(format: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let names = try Self.traces(in: directory)
    var runner = CommandRunner(directory: directory.path)
    runner.environment["GITHUB_STEP_SUMMARY"] = directory.file("summary.md")
    #expect(FileManager.default.createFile(atPath: directory.file("summary.md"), contents: nil))
    let result = try runner.run(["check", "--format", format] + names)
    #expect(result.status == 0 || result.status == 1, "\(result.error)")
    #expect(result.output.contains("rogue"), "the hostile text is reported (escaped)")
    let summary = try String(contentsOfFile: directory.file("summary.md"), encoding: .utf8)
    for (stream, text) in [("output", result.output), ("error", result.error), ("step summary", summary)] {
      #expect(Self.rogueLines(text).isEmpty, "\(format) \(stream): \(Self.rogueLines(text).prefix(3))")
    }
  }

  @Test("ingest and check --db print file names that cannot start a command")
  func storedNames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let names = try Self.traces(in: directory)
    let runner = CommandRunner(directory: directory.path)
    for arguments in [["ingest", "--check", "--db", "d.db"] + names, ["check", "--db", "d.db", "--format", "github"]] {
      let result = try runner.run(arguments)
      #expect(result.output.contains("from-name"), "\(result.output)")
      for text in [result.output, result.error] {
        #expect(Self.rogueLines(text).isEmpty, "\(arguments[0]): \(Self.rogueLines(text).prefix(3))")
      }
    }
  }

  @Test(
    "a pipe in a file name stays in its Markdown table cell, after a backslash too",
    arguments: ["a|b.ndjson.gz", #"c\|d.ndjson.gz"#])
  func markdownPipe(_ name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let appearances = Array(repeating: #"{"ev":"viewDidAppear","vc":"0x1","class":"ItemController"}"#, count: 3)
    try Fixture.write(TraceText.lines([TraceText.header()] + appearances), to: directory.file(name))
    let result = try CommandRunner(directory: directory.path).run(["check", "--format", "markdown", name])
    let rows = result.output.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("ndjson") }
    #expect(rows.count == 2, "\(result.output)")
    for row in rows {
      // As GitHub splits a row: a backslash escapes the character after it, a backslash too.
      var delimiters = 0
      var escaped = false
      for character in row {
        if character == "|" && !escaped { delimiters += 1 }
        escaped = character == "\\" && !escaped
      }
      #expect(delimiters == 5, "\(row)")
    }
  }
}
