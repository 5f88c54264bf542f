/// What a traceq command's exit status tells CI: `clean` (0) nothing to report, `findings` (1)
/// the input holds failing findings or lines with errors, `unusable` (2) a usage error or input
/// the command could not use.
enum ExitStatus: Int32 {
  case clean = 0
  case findings = 1
  case unusable = 2

  /// A run's status as a number (what the runs return); anything unknown is `unusable`.
  init(status: Int32) { self = ExitStatus(rawValue: status) ?? .unusable }

  /// Ends the command with this status: returns when clean, else throws it.
  func end() throws(CommandFailure) {
    if self != .clean { throw CommandFailure(status: self) }
  }
}

/// How a command stops short of a clean end: its status, and the line that says why when the
/// command has not printed it yet (`error: …`). `TraceqCommand.main` prints it and exits.
struct CommandFailure: Error {
  var status: ExitStatus
  var message: String?

  init(status: ExitStatus, message: String? = nil) {
    self.status = status
    self.message = message
  }

  /// A usage error, or a setup problem found before any input was read: status 2.
  static func unusable(_ message: String) -> CommandFailure { CommandFailure(status: .unusable, message: message) }
}
