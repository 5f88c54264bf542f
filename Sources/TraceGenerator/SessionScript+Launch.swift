import TraceModel

/// The session's first lines: the header, the root controller and its first screens.
extension SessionScript {
  /// The header: what the app ran on, plus a key traceq does not know (`locale`).
  func writeHeader() {
    block.beginHeader()
    block.string("app", profile.app.name)
    block.string("os", profile.os.description)
    block.string("idiom", profile.idiom.rawValue)
    block.string("device", profile.device)
    block.string("build", "\(random.within(1...4)).\(random.within(0...9)) (\(random.within(100...999)))")
    if let declared = profile.declaredSupported {
      block.mask("supported", declared, form: random.pick(EventBlock.MaskForm.allCases))
    }
    if screen.interface != .portrait || random.coin() { block.string("orientation", screen.interface.name) }
    if profile.requiresFullScreen { block.bool("requiresFullScreen", true) }
    block.string("locale", random.pick(["en_US", "en_GB", "fr_FR", "de_DE", "ja_JP"]))
    block.end()
  }

  /// `window.rootViewController = root`, the containers' children, and the first appearance.
  func launch() {
    let root = screen.root
    emit(.setRoot) { $0.controller("vc", root) }
    answerOrientation(of: root)
    if random.percent(60) { emit(.deviceNotifications) { $0.bool("on", true) } }
    switch root.role {
    case .tabBar, .split:
      emit(.setViewControllers) { line in
        line.string("container", root.address)
        line.controllers("vcs", root.children)
      }
      for pager in root.children where pager.role == .pager { addFirstPage(of: pager) }
    case .pager:
      addFirstPage(of: root)
    case .navigation, .content:
      break
    }
    if random.coin() {
      let device = screen.interface.device
      emit(.deviceOrientation) { $0.string("orientation", device.name) }
      _ = screen.deviceTurned(to: device)
    }
    wait(10...60)
    appearance(disappearing: [], appearing: shownChain(of: root), animated: false)
  }

  /// The controllers `controller` shows, after giving each navigation controller that has
  /// none yet its first screen: a navigation controller made with a root view controller
  /// records no push, and the model adopts the first screen that appears in it.
  func shownChain(of controller: ScriptController) -> [ScriptController] {
    for navigation in controller.shownChain where navigation.role == .navigation && navigation.children.isEmpty {
      navigation.children.append(makeScreen())
    }
    return controller.shownChain
  }

  /// What the deciding controller (and the app delegate) answer when UIKit decides the
  /// orientation.
  func answerOrientation(of decider: ScriptController) {
    if let mask = decider.mask { answer(decider, mask) }
    if profile.answersWindowMask {
      emit(.windowMask) { $0.mask("mask", profile.supported, form: random.pick(EventBlock.MaskForm.allCases)) }
    }
  }

  /// A custom container's first page: added, with both containment calls.
  private func addFirstPage(of pager: ScriptController) {
    guard let page = pager.children.last else { return }
    emit(.addChild) { line in
      line.string("parent", pager.address)
      line.controller("vc", page)
    }
    willMove(page, to: pager)
    didMove(page, to: pager)
  }
}
