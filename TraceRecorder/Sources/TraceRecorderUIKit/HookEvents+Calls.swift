import TraceRecorder

/// The app's calls that change what is on screen: stacks, tabs, containment transitions and
/// presentations. Recorded before UIKit's implementation runs, since it sends the appearance
/// callbacks that follow them in the trace, and only when they are the app's outermost call.
extension HookEvents {
  /// `pushViewController:animated:` and `setViewControllers:animated:` (navigation and tab bar
  /// controllers).
  static func objectBool(
    _ entry: HookEntry, _ receiver: AnyObject, _ argument: AnyObject?, _ animated: Bool, original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver) {
        switch entry.event {
        case .push:
          if let vc = argument {
            context.handed(vc)
            recorder.push(vc, on: receiver, animated: animated)
          }
        case .setViewControllers:
          let vcs = (argument as? [AnyObject]) ?? []
          vcs.forEach(context.handed)
          recorder.setViewControllers(vcs, of: receiver)
        default: unexpected(entry)
        }
      }
      original()
    }
  }

  /// `popToViewController:animated:`: the stack it leaves, up to that controller.
  static func objectBoolReturnsObject(
    _ entry: HookEntry, _ receiver: AnyObject, _ argument: AnyObject?, _ animated: Bool,
    original: () -> AnyObject?
  ) -> AnyObject? {
    guard let context = HookContext.current else { return original() }
    return nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver), let target = argument,
        let stack = context.bridge.viewControllers(of: receiver),
        let index = stack.firstIndex(where: { $0 === target })
      {
        recorder.setViewControllers(Array(stack[...index]), of: receiver)
      }
      return original()
    }
  }

  /// `popViewControllerAnimated:` (the controller on top is popped; none when it is the root,
  /// which UIKit does not pop) and `popToRootViewControllerAnimated:` (the root remains).
  static func boolReturnsObject(
    _ entry: HookEntry, _ receiver: AnyObject, _ animated: Bool, original: () -> AnyObject?
  ) -> AnyObject? {
    guard let context = HookContext.current else { return original() }
    return nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver),
        let stack = context.bridge.viewControllers(of: receiver)
      {
        switch entry.event {
        case .pop: recorder.pop(stack.count >= 2 ? stack.last : nil, from: receiver, animated: animated)
        case .setViewControllers: if let root = stack.first { recorder.setViewControllers([root], of: receiver) }
        default: unexpected(entry)
        }
      }
      return original()
    }
  }

  /// `setSelectedIndex:` of a tab bar controller.
  static func index(_ entry: HookEntry, _ receiver: AnyObject, _ index: UInt, original: () -> Void) {
    guard let context = HookContext.current else { return original() }
    nested(entry, receiver) { records in
      if records, let recorder = context.recorder(entry, about: receiver),
        let tabs = context.bridge.viewControllers(of: receiver), index < tabs.count
      {
        recorder.selectTab(tabs[Int(index)], of: receiver)
      }
      original()
    }
  }

  /// `transitionFromViewController:toViewController:duration:options:animations:completion:`.
  static func transition(
    _ entry: HookEntry, _ parent: AnyObject, from: AnyObject, to: AnyObject, duration: Double, original: () -> Void
  ) {
    guard let context = HookContext.current else { return original() }
    nested(entry, parent) { records in
      if records, let recorder = context.recorder(entry, about: parent) {
        context.handed(to)
        recorder.transition(from: from, to: to, in: parent, duration: duration)
      }
      original()
    }
  }

  /// `presentViewController:animated:completion:`, with the style the presented controller has
  /// now; the completion passed on records `presentCompleted`, then runs the app's.
  static func objectBoolCompletion(
    _ entry: HookEntry, _ presenter: AnyObject, _ presented: AnyObject, _ animated: Bool,
    completion: (() -> Void)?, original: (_ completion: (() -> Void)?) -> Void
  ) {
    guard let context = HookContext.current else { return original(completion) }
    nested(entry, presenter) { records in
      guard records, let recorder = context.recorder(entry, about: presented) else { return original(completion) }
      context.handed(presented)
      recorder.present(
        presented, from: presenter, style: context.bridge.presentationStyle(of: presented), animated: animated)
      original {
        HookContext.current?.recorder.presentCompleted(presented)
        completion?()
      }
    }
  }

  /// `dismissViewControllerAnimated:completion:`; the completion passed on records
  /// `dismissCompleted`, then runs the app's.
  static func boolCompletion(
    _ entry: HookEntry, _ vc: AnyObject, _ animated: Bool, completion: (() -> Void)?,
    original: (_ completion: (() -> Void)?) -> Void
  ) {
    guard let context = HookContext.current else { return original(completion) }
    nested(entry, vc) { records in
      guard records, let recorder = context.recorder(entry, about: vc) else { return original(completion) }
      recorder.dismiss(vc, animated: animated)
      original {
        HookContext.current?.recorder.dismissCompleted(vc)
        completion?()
      }
    }
  }
}
