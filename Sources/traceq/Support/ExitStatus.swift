/// What a traceq command's exit status tells CI: `clean` (0) nothing to report, `findings` (1)
/// the input holds failing findings or lines with errors, `unusable` (2) a usage error or input
/// the command could not use.
///
/// Every run returns one: it prints what it finds as it goes (diagnostics, and errors it reads
/// past) and says with its status how the run went. What stops a command instead is a
/// ``CommandError``.
enum ExitStatus: Int32, Comparable {
  case clean = 0
  case findings = 1
  case unusable = 2

  /// `findings` when `fails`, else `clean`: what a run's findings add to its status.
  static func findings(if fails: Bool) -> ExitStatus { fails ? .findings : .clean }

  static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Ends the command with this status: returns when clean, else throws it.
  func end() throws(CommandFailure) {
    if self != .clean { throw CommandFailure(status: self) }
  }
}

/// What stops a command: the status it exits with and the line that says why. Commands throw
/// it (or let it through); `TraceqCommand.main` is the one place that prints it and exits.
protocol CommandError: Error {
  var status: ExitStatus { get }
  /// The whole line for standard error (`error: …`, `path:line: error: …`); nil when the
  /// command printed it already.
  var message: String? { get }
}

/// How a command stops short of a clean end, when no more particular error (a configuration
/// or baseline that cannot be used) says why: its status, and the line to print if any.
struct CommandFailure: CommandError {
  var status: ExitStatus
  var message: String?

  init(status: ExitStatus, message: String? = nil) {
    self.status = status
    self.message = message
  }

  /// A setup problem found before any input was read, `message` the whole line: status 2.
  static func unusable(_ message: String) -> CommandFailure { CommandFailure(status: .unusable, message: message) }

  /// Arguments that do not go together, or name something that is not there: `error: message`,
  /// status 2.
  static func usage(_ message: String) -> CommandFailure { unusable("error: \(message)") }
}
