/// `traceq export --perfetto` and `traceq report`: replays the input through a
/// ``TimelineExport`` into the timeline it writes to `outputPath` (`-`: standard output).
struct ExportRun {
  /// What is written.
  enum Product {
    /// Chrome's Trace Event Format, through a ``PerfettoWriter``.
    case perfetto
    /// The self-contained HTML report, through a ``ReportBuilder``.
    case htmlReport
  }

  var product: Product
  var export: TimelineExport
  var outputPath: String

  /// - Parameters:
  ///   - policy: `.traceq.yml` merged with the flags, applied as `check` applies it.
  ///   - sources: the app's sources (`--source-root`), for the findings' places.
  init(
    _ product: Product, input: ExportInput, session: Int? = nil, policy: CheckPolicy, sources: SourceIndex? = nil,
    outputPath: String, errorOutput: @escaping (String) -> Void = Terminal.error
  ) {
    self.product = product
    export = TimelineExport(
      input: input, session: session, policy: policy, sources: sources, errorOutput: errorOutput)
    self.outputPath = outputPath
  }

  /// Opens the output before anything is read, so that an output that cannot be written stops
  /// the run at once, then replays into it. What stops the run becomes one line on the error
  /// output. Returns `clean` written, `unusable` unusable input or output.
  func execute() -> ExitStatus {
    do {
      let output = outputPath == "-" ? ReportOutput.standardOutput : try ReportOutput.file(outputPath)
      return try write(to: output).rejected ? .unusable : .clean
    } catch let error as any CommandError {
      if let message = error.message { export.errorOutput(TerminalText.escaped(message)) }
      return error.status
    } catch {
      export.errorOutput(TerminalText.escaped("\(error)"))
      return .unusable
    }
  }

  private func write(to output: ReportOutput) throws -> TimelineExport.Summary {
    switch product {
    case .perfetto:
      let writer = PerfettoWriter(output: output)
      let summary = try export.run(into: writer)
      try writer.close()
      return summary
    case .htmlReport:
      let builder = ReportBuilder()
      let summary = try export.run(into: builder)
      try ReportPage(builder: builder, files: summary.files, suppressed: summary.suppressed, input: export.input.name)
        .write(to: output)
      try output.close()
      return summary
    }
  }
}
