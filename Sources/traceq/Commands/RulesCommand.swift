import ArgumentParser
import Replay

extension TraceqCommand {
  struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rules",
      abstract: "List the rules traceq checks, or show one with its UIKit background and examples.",
      discussion: """
        Examples:
          traceq rules
          traceq rules double-presented-popover
          traceq rules --markdown > docs/rules.md
          traceq rules --console > docs/console-logs.md
        """)

    @Flag(help: "Print the whole catalog as Markdown (docs/rules.md).")
    var markdown = false

    @Flag(help: "Print the UIKit console diagnostics traceq recognises as Markdown (docs/console-logs.md).")
    var console = false

    @Argument(help: ArgumentHelp("A rule id.", valueName: "id"))
    var id: String?

    func validate() throws {
      if let id, !RuleCatalog.knows(id) { throw ValidationError(UnknownRule(id: id).description) }
    }

    func run() throws {
      if console {
        StandardStreams.print(ConsoleDocumentation.markdown())
      } else if markdown {
        StandardStreams.print(RuleDocumentation.markdown())
      } else if let id, let rule = RuleCatalog.type(for: id) {
        StandardStreams.printLine(RuleDocumentation.detail(rule.description))
      } else if let id, let entry = ConsoleCatalog.entry(id) {
        StandardStreams.printLine(RuleDocumentation.detail(entry))
      } else {
        StandardStreams.printLine(RuleDocumentation.listing())
      }
    }
  }
}
