/// Something wrong in `.traceq.yml`, at a line when it can say which:
/// `.traceq.yml:7: error: unknown key 'disabled-rules' in the top level; did you mean 'disabled_rules'?`
struct ConfigurationError: CheckSetupError {
  let file: String
  let line: Int?
  let message: String

  var description: String {
    if let line { return "\(file):\(line): error: \(message)" }
    return "\(file): error: \(message)"
  }
}
