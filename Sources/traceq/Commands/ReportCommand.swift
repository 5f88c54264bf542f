import ArgumentParser

extension TraceqCommand {
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a self-contained HTML report: the findings and each session's timeline.",
      discussion: """
        One HTML file with its style and script inlined (it opens without a network, and a CI
        job can keep it as an artifact): a summary of the findings per rule and severity, then
        per session a zoomable timeline of the controllers' appearance, presentations, popovers
        and orientations with the findings marked, and the list of findings with file:line,
        hint and the model's state there. Long sessions are drawn merged. See docs/export.md.

        Examples:
          traceq report samples/homepwner-ipad-double-camera.ndjson.gz -o report.html
          traceq report --db traces.db -o report.html
        """)

    @Option(
      name: .shortAndLong, help: ArgumentHelp("Write the HTML here (- for standard output).", valueName: "report.html"))
    var output: String

    @OptionGroup var input: ExportInputOptions

    func run() throws {
      let status = HTMLReportRun(input: input.input, session: input.session, outputPath: output).execute()
      try ExitStatus(status: status).end()
    }
  }
}

/// `traceq report`: replays the input into a ``ReportBuilder`` and renders the page.
struct HTMLReportRun {
  var export: TimelineExport
  var outputPath: String

  init(
    input: ExportInput, session: Int? = nil, outputPath: String,
    errorOutput: @escaping (String) -> Void = Terminal.error
  ) {
    export = TimelineExport(input: input, session: session, errorOutput: errorOutput)
    self.outputPath = outputPath
  }

  /// 0 written, 2 unusable input or output.
  func execute() -> Int32 {
    export.write(to: outputPath) { output in
      let builder = ReportBuilder()
      let summary = try export.run(into: builder)
      output.write(try ReportPage(builder: builder, files: summary.files, input: export.input.name).render())
      try output.close()
      return summary
    }
  }
}
