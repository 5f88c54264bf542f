import ArgumentParser

extension TraceqCommand {
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract: "Write a self-contained HTML report: the findings and each session's timeline.",
      discussion: """
        One HTML file with its style and script inlined (it opens without a network, and a CI \
        job can keep it as an artifact): a summary of the findings per rule and severity, then \
        per session a zoomable timeline of the controllers' appearance, presentations, popovers \
        and orientations with the findings marked, and the list of findings with file:line, \
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
      try input.run(.htmlReport, outputPath: output).execute().end()
    }
  }
}
