import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `writers` fuzz target: the GitHub, Markdown and SARIF writers fed with hostile strings.
/// The input, split at NUL bytes, gives a file name, a class name, a message, a hint and a
/// source file; its first byte picks severities and rules. Twelve findings and an input issue
/// are reported (past GitHub's annotation limit, so that the log lines and the step summary
/// are written too). The properties: no line of any output is a workflow command other than
/// one of the writer's own annotations, every Markdown table row has its four cells, and the
/// SARIF log parses with every result in it. A broken property stops the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWritersOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  WritersFuzz.run(bytes)
  return 0
}

enum WritersFuzz {
  /// Where the GitHub writer's step summary goes (emptied before each input).
  static let summaryPath = NSTemporaryDirectory() + "/traceq-fuzz-summary-\(getpid()).md"

  static let checked: Void = {
    let digest = SHA256.hash(data: Data("abc".utf8)).map { String(format: "%02x", $0) }.joined()
    guard digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" else {
      fatalError("the fuzz build's SHA-256 is wrong: \(digest)")
    }
  }()

  static func run(_ bytes: [UInt8]) {
    _ = checked
    let choice = Int(bytes.first ?? 0)
    var fields = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    while fields.count < 5 { fields.append("") }
    let (file, className, message, hint, sourceFile) = (fields[0], fields[1], fields[2], fields[3], fields[4])
    var items: [FileFinding] = []
    for index in 0..<12 {
      let rule = RuleCatalog.all[(choice + index) % RuleCatalog.all.count].description
      let severity = Severity.allCases[(choice >> 2 + index) % Severity.allCases.count]
      let finding = Finding(
        ruleID: rule.id, severity: index < 11 ? .error : severity, line: index + 1, session: 1,
        message: "\(message) <\(className): 0x\(index)>", hint: hint,
        subjects: [Finding.Subject(address: "0x\(index)", className: className, isPopover: false)])
      var item = FileFinding(file: file, finding: finding)
      if choice & 1 == 1 {
        item.source = SourcePlace(
          file: sourceFile, line: index + 1, className: className,
          method: choice & 2 == 2 ? "-[\(className) takePicture:]" : nil)
      }
      items.append(item)
    }
    let issue = IngestIssue(.invalidJSON, line: 3, message)
    var tally = FindingTally()
    for item in items { tally.add(item.finding) }
    tally.add(issue)
    tally.files = 1

    FileManager.default.createFile(atPath: summaryPath, contents: nil)
    var github: [String] = []
    var markdown: [String] = []
    var sarif: [String] = []
    let reporters: [FindingReporter] = [
      GitHubReporter(output: { github.append($0) }, summaryPath: summaryPath),
      MarkdownReporter(output: { markdown.append($0) }, context: ReportContext()),
      SARIFReporter(output: { sarif.append($0) }, context: ReportContext()),
    ]
    for reporter in reporters {
      reporter.begin(file: file)
      for item in items { reporter.report(item) }
      reporter.report(issue: issue, file: file)
      reporter.finish(tally)
    }
    let summary = (try? String(contentsOfFile: summaryPath, encoding: .utf8)) ?? ""
    for (name, text) in [
      ("github", github.joined(separator: "\n")), ("markdown", markdown.joined(separator: "\n")),
      ("step summary", summary), ("sarif", sarif.joined(separator: "\n")),
    ] {
      if let line = rogueLine(text) {
        fatalError("\(name): a line GitHub reads as a command: \(line.debugDescription)")
      }
    }
    for text in [markdown.joined(separator: "\n"), summary] { expectTableRows(text) }
    expectSARIF(sarif.joined(separator: "\n"), results: items.count + 1)
  }

  /// The first line that GitHub's runner reads as a workflow command (after blanks, `::` or the
  /// older `##[`) and that is not one of the writer's annotations, which all have a file, a
  /// line and a title.
  static func rogueLine(_ text: String) -> Substring? {
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    return lines.first { line in
      let start = line.drop { $0 == " " || $0 == "\t" }
      guard start.hasPrefix("::") || start.hasPrefix("##[") else { return false }
      return start.firstMatch(of: #/^::(error|warning|notice) file=[^,:\r\n]*,line=\d+,title=[^,:\r\n]*::/#) == nil
    }
  }

  /// Every row of a Markdown table (a line starting with `|`) has the header's number of cells:
  /// a pipe inside a value is escaped.
  static func expectTableRows(_ text: String) {
    var cells: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        cells = nil
        continue
      }
      var count = 0
      var escaped = false
      for character in line {
        if character == "|" && !escaped { count += 1 }
        escaped = character == "\\" && !escaped
      }
      if let cells, count != cells { fatalError("a table row with \(count - 1) cells, not \(cells - 1): \(line)") }
      cells = count
    }
  }

  /// The log parses as JSON, with `results` results in its run.
  static func expectSARIF(_ text: String, results: Int) {
    guard let log = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let run = (log["runs"] as? [[String: Any]])?.first, let found = run["results"] as? [Any]
    else { fatalError("the SARIF log does not parse") }
    if found.count != results { fatalError("the SARIF log has \(found.count) results, not \(results)") }
  }
}
