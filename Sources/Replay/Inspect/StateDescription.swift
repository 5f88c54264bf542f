import TraceModel

/// The model's state as text: orientation and who decides it, each window's controller tree
/// (parents, navigation stacks, tabs), the presented chain — each presented controller drawn
/// at its presenter's depth as `↳ presented STYLE: …`, not as a child — popovers, and
/// controllers on screen outside the tree.
package struct StateDescription {
  let model: SessionModel

  package init(_ model: SessionModel) { self.model = model }

  package var text: String {
    var lines: [String] = []
    let header = model.header
    let device = [header.app, header.idiom.map { $0 == .pad ? "iPad" : "iPhone" }, header.osText.map { "iOS \($0)" }]
    lines.append(device.compactMap { $0 }.joined(separator: ", "))
    lines.append(
      "interface \(model.interfaceOrientation) · device \(model.deviceOrientation) · device notifications "
        + (model.deviceNotificationsOn ? "on" : "off"))
    if let decision = model.orientationDecision() {
      let autorotate =
        switch decision.autorotateSource {
        case .answered: decision.autorotates ? "YES" : "NO"
        case .defaultYes: "YES (default)"
        case .ignoredSinceiOS16: "not consulted (iOS 16+)"
        case .ignoredForMultitasking: "not consulted (multitasking)"
        }
      lines.append("allowed \(model.explain(decision)) · shouldAutorotate \(autorotate)")
    } else {
      lines.append("no window has a root view controller: UIKit does not rotate")
    }
    var shown = Set<ObjectID>()
    for window in model.windows {
      lines.append("window \(model.symbols.address(of: window.id))" + (window.mask.map { " (mask \($0))" } ?? ""))
      if let root = window.root { tree(root, depth: 1, level: 1, mark: "root", into: &lines, shown: &shown) }
    }
    let popovers = model.popovers.sorted { $0.value.createdLine < $1.value.createdLine }
    if !popovers.isEmpty {
      lines.append("popovers")
      for (id, popover) in popovers {
        let content = popover.content.map { " showing \(model.symbols.describe($0))" } ?? ""
        let state =
          popover.isVisible ? "visible since line \(popover.presentedLine ?? popover.createdLine)" : "not visible"
        lines.append("  \(model.symbols.address(of: id))\(content): \(state)")
      }
    }
    // The cheap tests first: a report describes the state at each finding, and a session can
    // have many controllers.
    let loose = model.controllers.indices.lazy.map(ObjectID.init).filter {
      model[$0].appearance?.isVisible == true && model[$0].shownInPopover == nil && !shown.contains($0)
    }
    if !loose.isEmpty {
      // Past the bound, the tree drawn is not the whole tree.
      lines.append(
        shown.count < Self.mostControllersDrawn
          ? "on screen by their callbacks, outside the controller tree"
          : "on screen by their callbacks, not in the controller tree drawn above")
      // Bounded as the tree is: a pathological trace has thousands on screen.
      for vc in loose.prefix(SessionModel.deepestChain) { lines.append("  \(describe(vc))") }
      let more = loose.dropFirst(SessionModel.deepestChain).count
      if more > 0 { lines.append("  … and \(more) more") }
    }
    return lines.joined(separator: "\n")
  }

  /// How many controllers the trees draw at most: a report describes the state at each of its
  /// findings, and a session can give one container 200,000 children.
  package static let mostControllersDrawn = 1000

  /// Writes `vc` and what it contains and presents. `level` counts the controllers above it in
  /// the tree (presented ones are drawn at their presenter's depth): past the model's
  /// ``SessionModel/deepestChain``, which a pathological trace can reach, the rest is left out, so
  /// the text stays bounded; so are the children past ``mostControllersDrawn`` controllers.
  private func tree(
    _ vc: ObjectID, depth: Int, level: Int, mark: String?, presented: String? = nil, into lines: inout [String],
    shown: inout Set<ObjectID>
  ) {
    let indent = String(repeating: "  ", count: min(depth, SessionModel.deepestChain))
    guard level <= SessionModel.deepestChain else {
      lines.append(indent + "… deeper than \(SessionModel.deepestChain) levels: not shown")
      return
    }
    guard shown.count < Self.mostControllersDrawn else {
      lines.append(
        indent + (presented.map { "↳ presented \($0): " } ?? "") + "… not shown: the tree stops at "
          + "\(Self.mostControllersDrawn) controllers")
      return
    }
    guard shown.insert(vc).inserted else { return }
    lines.append(
      indent + (presented.map { "↳ presented \($0): " } ?? "") + describe(vc) + (mark.map { "  [\($0)]" } ?? ""))
    let state = model[vc]
    for (index, child) in state.children.enumerated() {
      guard shown.count < Self.mostControllersDrawn else {
        let rest = state.children.count - index
        lines.append(
          indent + "  … \(rest) more \(rest == 1 ? "child" : "children") (and what they hold) not shown: "
            + "the tree stops at \(Self.mostControllersDrawn) controllers")
        break
      }
      var marks: [String] = []
      if model.kind(vc)?.hasNavigationStack == true, child == state.children.last { marks.append("top") }
      if state.selectedChild == child { marks.append("selected tab") }
      if model[child].isViewRemoved { marks.append("view removed") }
      if model[child].pendingDidMove != nil { marks.append("awaiting didMoveToParent") }
      tree(
        child, depth: depth + 1, level: level + 1, mark: marks.isEmpty ? nil : marks.joined(separator: ", "),
        into: &lines, shown: &shown)
    }
    if let presented = state.presented {
      let style = model[presented].style.map(\.rawValue) ?? "?"
      let mark = state.transition.map { "\($0.kind.rawValue) since line \($0.line)" }
      tree(presented, depth: depth, level: level + 1, mark: mark, presented: style, into: &lines, shown: &shown)
    }
  }

  private func describe(_ vc: ObjectID) -> String {
    let state = model[vc]
    var text = model.symbols.describe(vc)
    if let appearance = state.appearance { text += "  \(appearance.rawValue)" }
    if let mask = state.supportedMask { text += "  supports \(mask)" }
    if !model.isOnScreen(vc), model.isInWindow(vc) { text += "  (covered)" }
    return text
  }
}
