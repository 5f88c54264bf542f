/// Modal presentation, UIPopoverController, and console lines.
extension TraceRecorder {
  /// `presenter.present(vc, animated:)`, with the style `vc` had then.
  public func present(_ vc: AnyObject, from presenter: AnyObject, style: PresentationStyle?, animated: Bool?) {
    record(.present) { encoder in
      object(.presenter, presenter, into: &encoder)
      object(.vc, vc, into: &encoder)
      if let style {
        encoder.key(.style)
        encoder.string(style.rawValue)
      }
      animatedKey(animated, into: &encoder)
    }
  }

  /// The completion of `present(_:animated:completion:)` ran.
  public func presentCompleted(_ vc: AnyObject) {
    objectEvent(.presentCompleted, .vc, vc)
  }

  /// `vc.dismiss(animated:)`; `vc` is the receiver, presenter or presented.
  public func dismiss(_ vc: AnyObject, animated: Bool?) {
    animatedEvent(.dismiss, .vc, vc, animated)
  }

  /// The completion of `dismiss(animated:completion:)` ran.
  public func dismissCompleted(_ vc: AnyObject) {
    objectEvent(.dismissCompleted, .vc, vc)
  }

  /// `UIPopoverController(contentViewController: vc)`.
  public func popoverCreate(_ popover: AnyObject, content vc: AnyObject) {
    record(.popoverCreate) { encoder in
      object(.popover, popover, into: &encoder)
      object(.vc, vc, into: &encoder)
    }
  }

  /// Where a popover was presented from.
  public enum PopoverAnchor: String, Sendable {
    case barButtonItem, rect
  }

  /// `presentPopover(from:…permittedArrowDirections:animated:)`; `arrows` is
  /// `UIPopoverArrowDirection`'s raw value.
  public func popoverPresent(_ popover: AnyObject, from anchor: PopoverAnchor?, arrows: Int? = nil) {
    record(.popoverPresent) { encoder in
      object(.popover, popover, into: &encoder)
      if let anchor {
        encoder.key(.from)
        encoder.string(anchor.rawValue)
      }
      if let arrows {
        encoder.key(.arrows)
        encoder.integer(arrows)
      }
    }
  }

  /// The app called `dismissPopover(animated:)`.
  public func popoverDismiss(_ popover: AnyObject, animated: Bool?) {
    animatedEvent(.popoverDismiss, .popover, popover, animated)
  }

  /// The delegate heard `popoverControllerDidDismissPopover(_:)`: the user tapped outside.
  public func popoverDidDismiss(_ popover: AnyObject) {
    objectEvent(.popoverDidDismiss, .popover, popover)
  }

  /// The popover controller at `address` was deallocated (the address, not the object: a
  /// `dealloc` hook must not retain it).
  public func popoverRelease(_ address: UnsafeRawPointer) {
    record(.popoverRelease) { encoder in
      encoder.key(.popover)
      encoder.address(UInt(bitPattern: address))
    }
  }

  /// Console lines longer than this many bytes are cut (at a character boundary).
  public static let maxConsoleBytes = 8192

  /// One line UIKit (or the app) printed to the console, verbatim.
  public func console(_ text: String) {
    var text = text
    if text.utf8.count > Self.maxConsoleBytes {
      var end = text.utf8.index(text.utf8.startIndex, offsetBy: Self.maxConsoleBytes)
      while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
      text = String(text[..<end])
    }
    record(.console, stringBytes: text.utf8.count) { encoder in
      encoder.key(.text)
      encoder.string(text)
    }
  }
}
