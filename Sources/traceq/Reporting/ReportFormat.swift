import ArgumentParser
import Foundation

/// The formats of `traceq check --format`.
enum ReportFormat: String, CaseIterable {
  case text, json, junit, sarif, github, markdown, checkstyle, codeclimate

  /// A reporter of this format writing lines to `output`.
  func makeReporter(output: @escaping (String) -> Void, colour: Bool, context: ReportContext) -> FindingReporter {
    switch self {
    case .text:
      TextReporter(
        output: output, colour: colour, quietRules: context.rules.quietIDs, showsCrossCheck: context.showsCrossCheck)
    case .json: JSONReporter(output: output, context: context)
    case .junit: JUnitReporter(output: output, context: context)
    case .sarif: SARIFReporter(output: output, context: context)
    case .github:
      GitHubReporter(output: output, summaryPath: ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"])
    case .markdown: MarkdownReporter(output: output, context: context)
    case .checkstyle: CheckstyleReporter(output: output)
    case .codeclimate: CodeClimateReporter(output: output)
    }
  }

  /// The usual extension of a file in this format.
  var fileExtension: String {
    switch self {
    case .text, .github: "txt"
    case .json, .codeclimate: "json"
    case .junit, .checkstyle: "xml"
    case .sarif: "sarif"
    case .markdown: "md"
    }
  }
}

/// A `--format` value: a format, and optionally the file it goes to (`sarif:build/traceq.sarif`).
struct ReportTarget: ExpressibleByArgument, Equatable {
  var format: ReportFormat
  /// The file; nil for `--output`, or standard output.
  var path: String?

  init(format: ReportFormat, path: String? = nil) {
    self.format = format
    self.path = path
  }

  init?(argument: String) {
    let name = argument.prefix { $0 != ":" }
    guard let format = ReportFormat(rawValue: String(name)) else { return nil }
    self.format = format
    let rest = argument.dropFirst(name.count + 1)
    if argument.count > name.count {
      guard !rest.isEmpty else { return nil }
      path = String(rest)
    }
  }

  static var allValueStrings: [String] { ReportFormat.allCases.map(\.rawValue) }
}
