import TraceModel

extension ConsoleDiagnostic {
  /// The finding UIKit's diagnostic makes, at `line` of session `session`; `frame`: the first
  /// frame of the app's code in the crash report's backtrace, when it comes from one.
  ///
  /// Swift class names UIKit prints in their runtime form (`_TtGC7SwiftUI19UIHostingController…`)
  /// are demangled, in the message and the subjects. The app's controller is the first object of
  /// the app's (``ClassOrigin``) among those that made the call (the `from` of a present, its
  /// presenter, a parent) and then the others; else the class the app's frame is in.
  package func finding(line: Int, session: Int, severity: Severity? = nil, frame: String? = nil) -> Finding {
    let verb = entry.isException ? "UIKit threw" : "UIKit logged"
    let process = origin.process.map { " in \($0)" } ?? ""
    let subjects = objects.filter { $0.className != nil || $0.address != nil }.map {
      Finding.Subject(address: $0.address ?? "", className: $0.className.map(Self.readable), isPopover: false)
    }
    var text = message
    for name in Set(objects.compactMap(\.className)) where SwiftDemangler.isMangled(name) {
      text = text.replacing(name, with: Self.readable(name))
    }
    return Finding(
      ruleID: entry.id, severity: severity ?? entry.severity, line: line, session: session,
      message: "\(verb)\(process): \(text)", hint: entry.hint, subjects: subjects, source: .uikit,
      logged: origin.timestamp == nil && origin.process == nil ? nil : origin,
      appController: appController(frame: frame), call: Self.calls[entry.id], frame: frame)
  }

  /// A class name as its developer wrote it.
  private static func readable(_ name: String) -> String { SwiftDemangler.demangle(name) ?? name }

  private func appController(frame: String?) -> Finding.Subject? {
    let callers = ["source", "from", "presenter", "parent", "owner", "current"]
    let ordered =
      objects.filter { callers.contains($0.role) }.sorted {
        callers.firstIndex(of: $0.role)! < callers.firstIndex(of: $1.role)!
      } + objects.filter { !callers.contains($0.role) }
    if let object = ordered.first(where: { $0.className.map { ClassOrigin(className: $0) == .app } ?? false }) {
      return Finding.Subject(
        address: object.address ?? "", className: object.className.map(Self.readable), isPopover: false)
    }
    guard let frame = frame.flatMap(FrameSymbol.init), ClassOrigin(className: frame.className) == .app else {
      return nil
    }
    return Finding.Subject(address: "", className: frame.className, isPopover: false)
  }

  /// The UIKit method each diagnostic is about (what `--source-root` looks for).
  private static let calls: [String: AppCall] = [
    "unbalanced-appearance": .appearanceTransition, "already-presenting": .present, "not-in-window-hierarchy": .present,
    "present-during-transition": .present, "dismiss-during-transition": .dismiss, "present-active-controller": .present,
    "present-nil-controller": .present, "present-on-itself": .present, "present-from-detached": .present,
    "transition-without-common-parent": .transition, "hierarchy-inconsistency": .addChild,
    "popover-on-phone": .createPopover, "popover-released-while-visible": .createPopover, "popover-no-anchor": .present,
    "no-common-orientation": .supportedInterfaceOrientations,
    "preferred-orientation-unsupported": .preferredInterfaceOrientation, "nested-navigation": .push,
    "push-same-instance": .push,
  ]
}
