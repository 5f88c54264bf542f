import TraceModel

/// Where rules put their findings.
package struct FindingList {
  package private(set) var findings: [Finding] = []
  let session: Int
  let severities: [String: Severity]

  init(session: Int, severities: [String: Severity]) {
    self.session = session
    self.severities = severities
  }

  /// Reports a finding of `rule` at the step's line, naming `subjects` (the main one first).
  /// The app's controller responsible (``ReplayStep/appController``) is named too: when the
  /// message does not name it, the message says where it happened (`in BNRDetailViewController
  /// 0xc3: …`) and it becomes the first subject, the rule's own following.
  package mutating func report<R: Rule>(_ rule: R.Type, at step: ReplayStep, _ message: String, subjects: [ObjectID]) {
    let description = R.description
    var message = message
    var subjects = subjects
    if let app = step.appController, !subjects.contains(app) {
      message = "in \(step.describe(app)): " + message
      subjects.insert(app, at: 0)
    }
    findings.append(
      Finding(
        ruleID: description.id, severity: severities[description.id] ?? description.severity, line: step.line,
        session: session, message: message, hint: description.hint, subjects: subjects.map { subject(step, $0) },
        appController: step.appController.map { subject(step, $0) }, call: step.observation.call,
        decidedLine: step.decidedLine > step.line ? step.decidedLine : nil))
  }

  private func subject(_ step: ReplayStep, _ id: ObjectID) -> Finding.Subject {
    let symbols = step.model.symbols
    return Finding.Subject(
      address: symbols.address(of: id), className: symbols.className(of: id),
      isPopover: symbols.roles(of: id) == .popover)
  }

  mutating func removeAll() { findings.removeAll(keepingCapacity: true) }
}
