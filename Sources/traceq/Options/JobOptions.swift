import ArgumentParser
import Foundation

/// `-j N`: how many files are read, decoded and replayed at once.
struct JobOptions: ParsableArguments {
  @Option(
    name: [.customShort("j"), .customLong("jobs")],
    help: ArgumentHelp("Files processed at once (default: the number of cores).", valueName: "n"))
  var explicitJobs: Int?

  func validate() throws {
    if let explicitJobs, explicitJobs < 1 { throw ValidationError("-j needs a number of at least 1.") }
  }

  var jobs: Int { explicitJobs ?? ProcessInfo.processInfo.activeProcessorCount }
}
