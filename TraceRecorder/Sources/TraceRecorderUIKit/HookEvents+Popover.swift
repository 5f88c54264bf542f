import TraceRecorder

/// UIPopoverController: created, presented, released. UIKit throws from its initializer on an
/// iPhone and from its `dealloc` while the popover is visible, so both are recorded before
/// UIKit's implementation runs.
extension HookEvents {
  /// `initWithContentViewController:`, recorded before the initializer runs: `popover` is the
  /// object being initialized (UIPopoverController's initializer returns it), `content` the
  /// controller it will show.
  static func initializer(_ entry: HookEntry, _ popover: AnyObject, _ content: AnyObject, original: () -> Void) {
    guard let context = HookContext.current else { return original() }
    CallNesting.call(entry.event) { records in
      if records, let recorder = context.recorder(entry, about: popover) {
        recorder.popoverCreate(popover, content: content)
      }
      original()
    }
  }

  /// `presentPopoverFromBarButtonItem:permittedArrowDirections:animated:`; its delegate's class
  /// gets the `popoverControllerDidDismissPopover:` hook now, the delegate being set by then.
  static func objectIndexBool(
    _ entry: HookEntry, _ popover: AnyObject, _ item: AnyObject, _ arrows: UInt, _ animated: Bool,
    original: () -> Void
  ) {
    popoverPresent(entry, popover, from: .barButtonItem, arrows: arrows, original: original)
  }

  /// `presentPopoverFromRect:inView:permittedArrowDirections:animated:`.
  static func rectObjectIndexBool(
    _ entry: HookEntry, _ popover: AnyObject, _ view: AnyObject, _ arrows: UInt, _ animated: Bool,
    original: () -> Void
  ) {
    popoverPresent(entry, popover, from: .rect, arrows: arrows, original: original)
  }

  /// `-[UIPopoverController dealloc]`: the address, before UIKit's dealloc (which throws when the
  /// popover is visible). A raw pointer: retaining an object in its dealloc would resurrect it.
  static func dealloc(_ entry: HookEntry, _ popover: UnsafeRawPointer, original: () -> Void) {
    if let context = HookContext.current, context.isOn(entry) { context.recorder.popoverRelease(popover) }
    original()
  }

  private static func popoverPresent(
    _ entry: HookEntry, _ popover: AnyObject, from anchor: TraceRecorder.PopoverAnchor, arrows: UInt,
    original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, popover) { records in
      if records, let recorder = context.recorder(entry, about: popover) {
        context.bridge.prepareDelegate(of: popover)
        recorder.popoverPresent(popover, from: anchor, arrows: Int(arrows))
      }
      original()
    }
  }
}
