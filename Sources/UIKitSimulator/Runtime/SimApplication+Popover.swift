import TraceModel

/// `UIPopoverController` (iPad, iOS 3.2–9).
extension SimApplication {
  /// `UIPopoverController(contentViewController:)`: "Popover controllers are for use
  /// exclusively on iPad devices. Attempting to create one on other devices results in an
  /// exception." (https://developer.apple.com/documentation/uikit/uipopovercontroller)
  func createPopover(showing content: SimViewController) -> SimPopoverController? {
    beginAppCall()
    let popover = SimPopoverController(address: newAddress(), content: content)
    let line = recorder.event(.popoverCreate, vc: content) { $0.name("popover", popover.address) }
    guard idiom == .pad else {
      recorder.expect(.popoverOnPhone, at: line)
      crash()
      return nil
    }
    popovers.append(popover)
    return popover
  }

  /// `presentPopover(from: barButtonItem…)`. UIKit itself does not stop a second popover;
  /// Apple's HIG says to show one at a time, and a second one from the same bar (a passthrough
  /// view while the first shows) is the Homepwner double tap
  /// (https://developer.apple.com/library/ios/samplecode/Popovers/Listings/ReadMe_txt.html).
  func presentPopover(_ popover: SimPopoverController) {
    beginAppCall()
    let line = recorder.event(.popoverPresent) {
      $0.name("popover", popover.address)
      $0.name("from", "barButtonItem")
    }
    if popovers.contains(where: \.isVisible) { recorder.expect(.doublePresentedPopover, at: line) }
    guard !popover.isVisible else { return }
    popover.isVisible = true
    showContent(of: popover, appearing: true)
  }

  /// `dismissPopover(animated:)` by the app: no delegate callback follows
  /// (https://developer.apple.com/documentation/uikit/uipopovercontrollerdelegate/popovercontrollerdiddismisspopover(_:)).
  func dismissPopover(_ popover: SimPopoverController) {
    beginAppCall()
    recorder.event(.popoverDismiss) {
      $0.name("popover", popover.address)
      $0.flag("animated", true)
    }
    guard popover.isVisible else { return }
    popover.isVisible = false
    showContent(of: popover, appearing: false)
  }

  /// The user taps outside the popover: it closes, then the delegate hears of it.
  func userDismissesPopover(_ popover: SimPopoverController) {
    guard popover.isVisible else { return }
    popover.isVisible = false
    showContent(of: popover, appearing: false) { [self] in
      recorder.event(.popoverDidDismiss) { $0.name("popover", popover.address) }
    }
  }

  /// The last reference to the popover controller goes: "-[UIPopoverController dealloc]
  /// reached while popover is still visible." raises NSGenericException
  /// (https://github.com/steamclock/internetmap/issues/8).
  func releasePopover(_ popover: SimPopoverController) {
    beginAppCall()
    let line = recorder.event(.popoverRelease) { $0.name("popover", popover.address) }
    popovers.removeAll { $0 === popover }
    if popover.isVisible {
      recorder.expect(.popoverReleasedWhileVisible, at: line)
      crash()
    }
  }

  /// The content controller's appearance as the popover opens or closes.
  private func showContent(of popover: SimPopoverController, appearing: Bool, then finished: @escaping () -> Void = {})
  {
    let order = screen(forwardedOnly: true, from: popover.content)
    for vc in order.pre { send(appearing ? .viewWillAppear : .viewWillDisappear, to: vc, animated: true) }
    runLoop.schedule(after: 300) { [self] in
      guard !crashed else { return }
      for vc in order.post { send(appearing ? .viewDidAppear : .viewDidDisappear, to: vc, animated: true) }
      finished()
    }
  }
}
