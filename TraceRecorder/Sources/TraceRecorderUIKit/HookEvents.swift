import TraceRecorder

/// What each hook does, one function per ``ArgumentLayout``: the UIKit layer's hook for a
/// layout casts UIKit's implementation to its C signature, converts the arguments to Swift
/// values, and calls the function here with the original as a closure. The function decides
/// whether to record (``HookContext``, ``CallNesting``), records, and runs the original at the
/// right moment: calls and callbacks before it (the original sends the callbacks that follow),
/// answers after it (the answer is what it returned).
enum HookEvents {
  /// Runs `body` in the frame ``CallNesting`` keeps for `entry`'s role.
  @inline(__always)
  static func nested<Result>(
    _ entry: HookEntry, _ receiver: AnyObject, _ body: (_ records: Bool) -> Result
  ) -> Result {
    switch entry.role {
    case .call: CallNesting.call(entry.event, body)
    case .callback: CallNesting.callback(receiver, entry.event, body)
    }
  }

  /// `-(void)m`: device notifications, `attemptRotationToDeviceOrientation`,
  /// `setNeedsUpdateOfSupportedInterfaceOrientations`, `endAppearanceTransition`,
  /// `removeFromParentViewController`.
  static func plain(_ entry: HookEntry, _ receiver: AnyObject, original: () -> Void) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver) {
        switch entry.event {
        case .deviceNotifications: recorder.deviceNotifications(on: entry.selector?.hasPrefix("begin") == true)
        case .attemptRotation: recorder.attemptRotation()
        case .setNeedsUpdateOfSupportedInterfaceOrientations:
          recorder.setNeedsUpdateOfSupportedInterfaceOrientations(receiver)
        case .endAppearanceTransition: recorder.endAppearanceTransition(receiver)
        case .removeFromParent: recorder.removeFromParent(receiver)
        default: unexpected(entry)
        }
      }
      original()
    }
  }

  /// `-(void)m:(BOOL)animated`: the appearance callbacks and `dismissPopoverAnimated:`.
  static func bool(_ entry: HookEntry, _ receiver: AnyObject, _ animated: Bool, original: () -> Void) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver) {
        switch entry.event {
        case .viewWillAppear:
          context.handed(receiver)
          recorder.viewWillAppear(receiver, animated: animated)
        case .viewDidAppear: recorder.viewDidAppear(receiver, animated: animated)
        case .viewWillDisappear: recorder.viewWillDisappear(receiver, animated: animated)
        case .viewDidDisappear: recorder.viewDidDisappear(receiver, animated: animated)
        case .popoverDismiss: recorder.popoverDismiss(receiver, animated: animated)
        default: unexpected(entry)
        }
      }
      original()
    }
  }

  /// `beginAppearanceTransition:animated:`.
  static func boolBool(
    _ entry: HookEntry, _ receiver: AnyObject, _ first: Bool, _ second: Bool, original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver) {
        recorder.beginAppearanceTransition(receiver, appearing: first, animated: second)
      }
      original()
    }
  }

  /// `-(void)m:(id)argument`: `setRootViewController:`, `addChildViewController:`,
  /// `willMove`/`didMoveToParentViewController:` (nil: leaving), `setSelectedViewController:`,
  /// and the popover delegate's `popoverControllerDidDismissPopover:`.
  static func object(_ entry: HookEntry, _ receiver: AnyObject, _ argument: AnyObject?, original: () -> Void) {
    guard let context = HookContext.current else { return original() }
    // Whose class decides: the child added, the popover for its delegate's callback, else the
    // receiver (a window made of UIKit's own keyboard classes records nothing).
    let subject = entry.event == .addChild || entry.event == .popoverDidDismiss ? argument : receiver
    nested(entry, subject ?? receiver) { records in
      if records, let subject, let recorder = context.recorder(entry, about: subject) {
        switch (entry.event, argument) {
        case (.setRoot, let vc?):
          guard context.records(vc) else { break }
          context.handed(vc)
          recorder.setRoot(vc, window: receiver)
        case (.addChild, let vc?):
          context.handed(vc)
          recorder.addChild(vc, to: receiver)
        case (.willMoveToParent, let parent): recorder.willMoveToParent(receiver, parent)
        case (.didMoveToParent, let parent): recorder.didMoveToParent(receiver, parent)
        case (.selectTab, let vc?): recorder.selectTab(vc, of: receiver)
        case (.popoverDidDismiss, let popover?): recorder.popoverDidDismiss(popover)
        case (.setRoot, nil), (.addChild, nil), (.selectTab, nil), (.popoverDidDismiss, nil): break
        default: unexpected(entry)
        }
      }
      original()
    }
  }

  /// `requestGeometryUpdateWithPreferences:errorHandler:` (iOS 16).
  static func objectObject(
    _ entry: HookEntry, _ receiver: AnyObject, _ first: AnyObject, _ second: AnyObject?, original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, context.isOn(entry), let mask = context.bridge.interfaceOrientations(of: first) {
        context.recorder.requestGeometryUpdate(mask)
      }
      original()
    }
  }

  /// `-(NSUInteger)m`: `supportedInterfaceOrientations`, after the call.
  static func returnsMask(_ entry: HookEntry, _ receiver: AnyObject, original: () -> UInt) -> UInt {
    guard let context = HookContext.current else { return original() }
    return nested(entry, receiver) { records in
      let answer = original()
      if records, let recorder = context.recorder(entry, about: receiver) {
        recorder.supportedInterfaceOrientations(receiver, OrientationMask(rawValue: Int(truncatingIfNeeded: answer)))
      }
      return answer
    }
  }

  /// `-(NSInteger)m`: `preferredInterfaceOrientationForPresentation`, after the call.
  static func returnsInteger(_ entry: HookEntry, _ receiver: AnyObject, original: () -> Int) -> Int {
    guard let context = HookContext.current else { return original() }
    return nested(entry, receiver) { records in
      let answer = original()
      if records, let recorder = context.recorder(entry, about: receiver),
        let orientation = InterfaceOrientation(rawValue: answer)
      {
        recorder.preferredInterfaceOrientation(receiver, orientation)
      }
      return answer
    }
  }

  /// `-(BOOL)m`: `shouldAutorotate` and `definesPresentationContext`, after the call.
  static func returnsBool(_ entry: HookEntry, _ receiver: AnyObject, original: () -> Bool) -> Bool {
    guard let context = HookContext.current else { return original() }
    return nested(entry, receiver) { records in
      let answer = original()
      if records, let recorder = context.recorder(entry, about: receiver) {
        if entry.event == .shouldAutorotate {
          recorder.shouldAutorotate(receiver, answer)
        } else {
          recorder.definesPresentationContext(receiver, answer)
        }
      }
      return answer
    }
  }

  /// The app delegate's `application:supportedInterfaceOrientationsForWindow:`, after the call.
  static func objectObjectReturnsMask(
    _ entry: HookEntry, _ receiver: AnyObject, _ application: AnyObject, _ window: AnyObject?, original: () -> UInt
  ) -> UInt {
    guard let context = HookContext.current else { return original() }
    return nested(entry, receiver) { records in
      let answer = original()
      if records, context.isOn(entry) {
        context.recorder.windowMask(OrientationMask(rawValue: Int(truncatingIfNeeded: answer)), window: window)
      }
      return answer
    }
  }

  /// `willRotateToInterfaceOrientation:duration:` and `willAnimateRotation…`.
  static func orientationDuration(
    _ entry: HookEntry, _ receiver: AnyObject, _ orientation: Int, _ duration: Double, original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver),
        let to = InterfaceOrientation(rawValue: orientation)
      {
        if entry.event == .willRotate {
          recorder.willRotate(receiver, to: to, duration: duration)
        } else {
          recorder.willAnimateRotation(receiver, to: to, duration: duration)
        }
      }
      original()
    }
  }

  /// `didRotateFromInterfaceOrientation:`.
  static func orientation(_ entry: HookEntry, _ receiver: AnyObject, _ orientation: Int, original: () -> Void) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver),
        let from = InterfaceOrientation(rawValue: orientation)
      {
        recorder.didRotate(receiver, from: from)
      }
      original()
    }
  }

  /// `viewWillTransitionToSize:withTransitionCoordinator:`, the size in points.
  static func sizeObject(
    _ entry: HookEntry, _ receiver: AnyObject, width: Double, height: Double, original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver) {
        recorder.viewWillTransitionToSize(receiver, width: width, height: height)
      }
      original()
    }
  }

  static func unexpected(_ entry: HookEntry) {
    assertionFailure("\(entry.event.name) is not recorded by a hook of layout \(entry.layout?.rawValue ?? "none")")
  }
}
