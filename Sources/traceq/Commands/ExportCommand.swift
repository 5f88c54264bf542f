import ArgumentParser

extension TraceqCommand {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Export the replay of a trace as a timeline for ui.perfetto.dev or chrome://tracing.",
      discussion: """
        Writes Chrome's Trace Event Format (JSON): a process per session with a track per view \
        controller (appearing → appeared → disappearing), presentations, popovers, the interface \
        and device orientations, the orientations UIKit allows, and the findings as instant \
        events (rule, message, hint, file:line in their arguments). Times come from each \
        record's `t`; a record without one is placed 1 ms after the record before it. \
        See docs/export.md.

        Examples:
          traceq export --perfetto session.json trace.ndjson.gz
          traceq export --perfetto session.json --db traces.db --session 3
        """)

    @Option(help: ArgumentHelp("Write the Trace Event JSON here (- for standard output).", valueName: "out.json"))
    var perfetto: String

    @OptionGroup var input: ExportInputOptions

    func run() throws {
      try input.run(.perfetto, outputPath: perfetto).execute().end()
    }
  }
}
