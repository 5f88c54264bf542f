/// How serious a diagnostic is, in Xcode's words. Ordered: `note < warning < error`.
public enum Severity: String, CaseIterable, Comparable, Sendable {
  case note, warning, error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
