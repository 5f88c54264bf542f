/// A problem that stops `traceq check` before it replays anything: exit status 2.
protocol CheckSetupError: Error, CustomStringConvertible {}

/// Arguments that do not go together, or name something unknown: `error: …`.
struct UsageError: CheckSetupError {
  let message: String

  var description: String { "error: \(message)" }
}
