import TraceModel

/// Modal presentations, alerts and `UIPopoverController`s.
extension SessionScript {
  /// The styles the app asks for on this idiom.
  var requestableStyles: [PresentationStyle] {
    profile.idiom == .pad
      ? [.formSheet, .formSheet, .pageSheet, .fullScreen, .overFullScreen, .popover, .automatic]
      : [.fullScreen, .fullScreen, .pageSheet, .formSheet, .automatic, .overFullScreen]
  }

  /// Presents a new screen (or a navigation controller with its first screen) from the screen
  /// on top.
  func presentModal() {
    let content =
      random.percent(30)
      ? makeNavigation() : make(random.pick(profile.app.modals), .content)
    let requested = random.pick(requestableStyles)
    end(begin(presenting: content, style: requested, animated: random.percent(85)))
  }

  /// A `UIAlertController` from the screen on top (a custom presentation: the presenter stays
  /// on screen).
  func presentAlert() {
    end(begin(presenting: make("UIAlertController", .content), style: .custom, animated: true))
  }

  /// A presentation whose present is written and whose callbacks are not yet.
  struct PendingPresentation {
    let content: ScriptController
    let covered: [ScriptController]
    let shown: [ScriptController]
    let animated: Bool
  }

  /// The first half of a presentation: the present, and UIKit's questions if the presented
  /// controller takes over orientation.
  func begin(presenting content: ScriptController, style requested: PresentationStyle, animated: Bool)
    -> PendingPresentation
  {
    let source = screen.top.shownLeaf
    let style = ShownStyle(requested, idiom: profile.idiom, os: profile.os)
    emit(.present) { line in
      line.string("presenter", source.address)
      line.controller("vc", content)
      // A missing style is fullScreen only before iOS 13 (then UIKit's default is automatic).
      if requested != .fullScreen || random.coin() || profile.os >= OSVersion(13) {
        line.string("style", requested.rawValue)
      }
      line.bool("animated", animated)
    }
    let covered = style.coversPresenter ? screen.shownChain : []
    screen.present(content, style: style)
    if style.decidesOrientation {
      chooseOrientationAnswers(for: content)
      answerPresentation(of: content)
      screen.deciderChanged(byPresenting: true)
    }
    return PendingPresentation(content: content, covered: covered, shown: shownChain(of: content), animated: animated)
  }

  /// The second half: the appearance callbacks and the completion.
  func end(_ pending: PendingPresentation) {
    appearance(disappearing: pending.covered, appearing: pending.shown, animated: pending.animated)
    if pending.animated || random.coin() { emit(.presentCompleted) { $0.controller("vc", pending.content) } }
  }

  /// Dismisses the controller on top.
  func dismissModal() {
    if let pending = beginDismissal(animated: random.percent(85)) { end(pending) }
  }

  /// A dismissal whose dismiss is written and whose callbacks are not yet.
  struct PendingDismissal {
    let modal: Screen.Modal
    let revealed: [ScriptController]
    let animated: Bool
  }

  /// The first half of a dismissal: the dismiss, and UIKit's questions to the controller that
  /// decides the orientation again.
  func beginDismissal(animated: Bool) -> PendingDismissal? {
    guard let modal = screen.modals.last else { return nil }
    emit(.dismiss) { line in
      line.controller("vc", modal.controller)
      line.bool("animated", animated)
    }
    let revealed = modal.style.coversPresenter ? screen.chainBelowTop : []
    screen.dismissTop()
    if modal.style.decidesOrientation {
      answerOrientation(of: screen.decider)
      screen.deciderChanged(byPresenting: false)
    }
    return PendingDismissal(modal: modal, revealed: revealed, animated: animated)
  }

  /// The second half: the appearance callbacks and the completion.
  func end(_ pending: PendingDismissal) {
    let controller = pending.modal.controller
    appearance(disappearing: controller.shownChain, appearing: pending.revealed, animated: pending.animated)
    if pending.animated || random.coin() { emit(.dismissCompleted) { $0.controller("vc", controller) } }
    screen.offScreen = controller
  }

  /// What a controller presented full screen will answer: nothing (the idiom's default), the
  /// app's mask, or fewer orientations (a portrait-only login, a landscape-only video), with
  /// a preferred orientation among them; never one the app does not allow.
  private func chooseOrientationAnswers(for content: ScriptController) {
    let allowed = profile.supported
    switch random.below(4) {
    case 0: content.mask = nil
    case 1: content.mask = allowed
    default: content.mask = random.pick(allowed.orientations).mask
    }
    let candidates = allowed.intersection(content.mask ?? profile.idiom.defaultMask).orientations
    content.preferred = random.coin() && !candidates.isEmpty ? random.pick(candidates) : nil
  }

  /// The answers UIKit records right after presenting `content` full screen.
  func answerPresentation(of content: ScriptController) {
    answerOrientation(of: content)
    if let preferred = content.preferred {
      emit(.preferredInterfaceOrientation) { line in
        line.controller("vc", content)
        line.string("orientation", preferred.name)
      }
    }
  }

  // MARK: - UIPopoverController

  /// Shows a popover from a bar button item or a rect.
  func showPopover() {
    let content = make(
      random.pick(["UIImagePickerController", "ColorPickerViewController", "FilterViewController"]), .content)
    screen.popover = (showPopover(content), content)
  }

  /// Shows `content` in a new popover (`expecting` marks its present); returns the popover.
  func showPopover(_ content: ScriptController, expecting kind: AnomalyKind? = nil) -> String {
    let address = addresses.make(random: &random)
    createAndPresentPopover(address, content: content, expecting: kind)
    appearance(disappearing: [], appearing: [content], animated: true)
    return address
  }

  /// `UIPopoverController(contentViewController:)` and `presentPopover(from:…)`; `expecting`
  /// marks the present as the line where that anomaly must be reported.
  func createAndPresentPopover(_ address: String, content: ScriptController, expecting kind: AnomalyKind? = nil) {
    emit(.popoverCreate) { line in
      line.string("popover", address)
      line.controller("vc", content)
    }
    if let kind { block.expect(kind) }
    emit(.popoverPresent) { line in
      line.string("popover", address)
      line.string("from", random.coin() ? "barButtonItem" : "rect")
      line.integer("arrows", random.pick([1, 2, 15]))
    }
  }

  /// The popover goes away: the user taps outside, or the app dismisses it; the app may
  /// release the controller afterwards.
  func hidePopover() {
    guard let popover = screen.popover else { return }
    if random.coin() {
      emit(.popoverDidDismiss) { $0.string("popover", popover.address) }
    } else {
      emit(.popoverDismiss) { line in
        line.string("popover", popover.address)
        line.bool("animated", true)
      }
    }
    appearance(disappearing: [popover.content], appearing: [], animated: true)
    if random.coin() { emit(.popoverRelease) { $0.string("popover", popover.address) } }
    screen.popover = nil
    screen.offScreen = popover.content
  }
}
