import TraceModel

/// Where rules put their findings.
public struct FindingList {
  public private(set) var findings: [Finding] = []
  let session: Int
  let severities: [String: Severity]

  init(session: Int, severities: [String: Severity]) {
    self.session = session
    self.severities = severities
  }

  /// Reports a finding of `rule` at the step's line, naming `subjects` (the main one first).
  public mutating func report<R: Rule>(_ rule: R.Type, at step: ReplayStep, _ message: String, subjects: [ObjectID]) {
    let description = R.description
    findings.append(
      Finding(
        ruleID: description.id, severity: severities[description.id] ?? description.severity, line: step.line,
        session: session, message: message, hint: description.hint,
        subjects: subjects.map { id in
          let symbols = step.model.symbols
          let isPopover = symbols.roles(of: id) == .popover
          return Finding.Subject(
            address: symbols.address(of: id), className: symbols.className(of: id), isPopover: isPopover)
        }))
  }

  mutating func removeAll() { findings.removeAll(keepingCapacity: true) }
}
