/// Something wrong in `.traceq.yml`, at a line when it can say which:
/// `.traceq.yml:7: error: unknown key 'disabled-rules' in the top level; did you mean 'disabled_rules'?`
/// It stops the command with status 2.
struct ConfigurationError: CommandError, CustomStringConvertible {
  let file: String
  let line: Int?
  let problem: String

  var description: String {
    if let line { return "\(file):\(line): error: \(problem)" }
    return "\(file): error: \(problem)"
  }

  var status: ExitStatus { .unusable }
  var message: String? { description }
}
