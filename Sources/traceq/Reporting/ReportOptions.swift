import ArgumentParser
import Foundation

/// How `traceq check` reports: formats and where each goes, and the baseline.
struct ReportOptions: ParsableArguments {
  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "Report format: text, json, junit, sarif, github, markdown, checkstyle or codeclimate (repeatable). FORMAT:PATH writes that format to "
        + "PATH; the others go to --output or standard output.",
      valueName: "format[:path]"))
  var formats: [ReportTarget] = []

  @Option(help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "path"))
  var output: String?

  @Option(help: ArgumentHelp("Report (and fail on) only findings this baseline does not hold.", valueName: "file"))
  var baseline: String?

  @Option(
    name: .customLong("write-baseline"),
    help: ArgumentHelp("Record this run's findings as a baseline (they then do not fail the run).", valueName: "file"))
  var writeBaseline: String?

  /// Each format with where it goes (nil: standard output): text to standard output when
  /// no format is given.
  /// - Throws: ``CommandFailure`` when two formats would write to the same place.
  func targets() throws(CommandFailure) -> [ReportTarget] {
    let given = formats.isEmpty ? [ReportTarget(format: .text)] : formats
    let targets = given.map { target in
      var target = target
      target.path = target.path ?? output
      if target.path == "-" { target.path = nil }
      return target
    }
    var seen: [String: ReportFormat] = [:]
    for target in targets {
      let place = target.path.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? "-"
      if let other = seen[place] {
        let destination = target.path.map { "to \($0)" } ?? "to standard output"
        throw CommandFailure.usage(
          "--format \(other.rawValue) and --format \(target.format.rawValue) would both write \(destination); "
            + "give --format \(target.format.rawValue) a file of its own: "
            + "--format \(target.format.rawValue):\(Self.ownFile(for: target.format, besides: target.path))")
      }
      seen[place] = target.format
    }
    return targets
  }

  /// A file for `format` next to `path`, the file two formats would share (`a.sarif` gives
  /// `a.txt` for text); `traceq.EXT` for standard output.
  static func ownFile(for format: ReportFormat, besides path: String?) -> String {
    guard let path else { return "traceq.\(format.fileExtension)" }
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let directory = path[..<(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)]
    let file = directory + stem + "." + format.fileExtension
    return file == path ? directory + stem + "-" + format.rawValue + "." + format.fileExtension : file
  }

  /// The reporters, their files created; `colour` says whether one writing to a terminal (or
  /// not) colours its text.
  func makeReporter(
    context: ReportContext, colour: (Bool) -> Bool = { $0 }
  ) throws(CommandFailure) -> ReporterGroup {
    var entries: [(reporter: FindingReporter, output: ReportOutput)] = []
    for target in try targets() {
      let output = try target.path.map { path throws(CommandFailure) in try ReportOutput.file(path) } ?? .standardOutput
      entries.append(
        (target.format.makeReporter(output: output.write, colour: colour(output.isTerminal), context: context), output))
    }
    return ReporterGroup(entries)
  }

  /// The baseline `--baseline` names, read.
  func loadBaseline() throws(BaselineError) -> Baseline? {
    try baseline.map { path throws(BaselineError) in try Baseline.read(path) }
  }
}
