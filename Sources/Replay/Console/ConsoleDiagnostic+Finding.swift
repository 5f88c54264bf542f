import TraceModel

extension ConsoleDiagnostic {
  /// The finding UIKit's diagnostic makes, at `line` of session `session`.
  public func finding(line: Int, session: Int, severity: Severity? = nil) -> Finding {
    let verb = entry.isException ? "UIKit threw" : "UIKit logged"
    let process = origin.process.map { " in \($0)" } ?? ""
    return Finding(
      ruleID: entry.id, severity: severity ?? entry.severity, line: line, session: session,
      message: "\(verb)\(process): \(message)", hint: entry.hint,
      subjects: objects.filter { $0.className != nil || $0.address != nil }.map {
        Finding.Subject(address: $0.address ?? "", className: $0.className, isPopover: false)
      },
      source: .uikit, logged: origin.timestamp == nil && origin.process == nil ? nil : origin)
  }
}
