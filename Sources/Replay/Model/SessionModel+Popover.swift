import TraceModel

/// `UIPopoverController`.
extension SessionModel {
  /// `initWithContentViewController:` throws on any idiom but iPad, whatever the iOS version
  /// (PO1, §7.1); then no popover exists.
  func createPopover(_ popover: ObjectID, content: ObjectID) {
    touch(content)
    if let idiom = header.idiom, idiom != .pad {
      observe(.popoverOnPhone(popover: popover, content: content, idiom: idiom))
      popovers[popover] = nil
      return
    }
    if let previous = popovers[popover]?.content { self[previous].shownInPopover = nil }
    popovers[popover] = PopoverState(content: content, createdLine: line, presenter: appControllerOnTop())
  }

  /// `presentPopoverFrom…`: UIKit does not stop a second popover (PO3), which is how the
  /// Homepwner double tap shows two and then frees the first.
  func presentPopover(_ popover: ObjectID) {
    if popovers[popover] == nil {
      // Created before the recording started, or its creation threw on a phone.
      guard header.idiom == .pad || header.idiom == nil else { return }
      popovers[popover] = PopoverState(content: nil, createdLine: line)
    }
    let presenter = appControllerOnTop() ?? popovers[popover]?.presenter
    if popovers[popover]?.isVisible == true, popovers[popover]?.needsReposition == true {
      // Shown again after a rotation hid it, as the UIPopoverController reference says to.
      popovers[popover]?.needsReposition = false
      return
    }
    if let (other, state) = oldestVisiblePopover() {
      observe(.popoverPresentedWhileVisible(popover: popover, visible: other, content: state.content))
    }
    popovers[popover]?.isVisible = true
    popovers[popover]?.needsReposition = false
    popovers[popover]?.presentedLine = line
    popovers[popover]?.presenter = presenter
    if let content = popovers[popover]?.content {
      place(content)
      self[content].shownInPopover = popover
    }
  }

  /// The visible popover presented first. A loop rather than a filtered copy: an app that keeps
  /// presenting popovers without dismissing them has thousands visible, and the copy (hashing
  /// every key) made each present cost as much as all the popovers before it.
  private func oldestVisiblePopover() -> (ObjectID, PopoverState)? {
    var oldest: (ObjectID, PopoverState)?
    for (id, state) in popovers where state.isVisible {
      if let (_, found) = oldest, found.presentedLine ?? 0 <= state.presentedLine ?? 0 { continue }
      oldest = (id, state)
    }
    return oldest
  }

  /// The app's controller at the top of the screen: the one that creates and shows a popover.
  private func appControllerOnTop() -> ObjectID? { topController().flatMap(appController(responsibleFor:)) }

  /// `dismissPopoverAnimated:` by the app, or the user tapped outside (PO4).
  func hidePopover(_ popover: ObjectID) {
    popovers[popover]?.isVisible = false
    popovers[popover]?.needsReposition = false
  }

  /// The popover controller was deallocated; while visible, UIKit raises (PO2).
  func releasePopover(_ popover: ObjectID) {
    guard let state = popovers[popover] else { return }
    if state.isVisible { observe(.popoverReleasedWhileVisible(popover: popover, content: state.content)) }
    if let content = state.content, self[content].shownInPopover == popover { self[content].shownInPopover = nil }
    popovers[popover] = nil
  }
}
