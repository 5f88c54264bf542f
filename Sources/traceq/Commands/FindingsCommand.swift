import ArgumentParser

extension TraceqCommand {
  struct Findings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "findings",
      abstract: "Group the stored findings by fingerprint, across sessions, builds and devices.",
      discussion: """
        Reads the findings `traceq check --db` (or `ingest --check`) stored, from the view \
        finding_groups (docs/schema.md): one group per rule and controller class, with the \
        sessions and files it affects, the first and last build it was seen in, and the OS \
        versions and idioms. Builds are ordered as they were first stored. \
        Exit status: 0, or 2 when the database cannot be read or a build is not stored.

        Examples:
          traceq findings --db postgres://ci@db/traces
          traceq findings --since-build "4.2 (310)"   # the trend since that build
          traceq findings --new-in "4.3 (322)" --format markdown
        """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("Compare the sessions stored since this build with those before.", valueName: "build"))
    var sinceBuild: String?

    @Option(help: ArgumentHelp("Only the groups first seen in this build.", valueName: "build"))
    var newIn: String?

    @Option(help: "Output format.")
    var format: FindingsFormat = .text

    func run() throws {
      try FindingsRun(databasePath: database.path, sinceBuild: sinceBuild, newIn: newIn, format: format).execute()
        .end()
    }
  }
}

extension FindingsFormat: ExpressibleByArgument {}
