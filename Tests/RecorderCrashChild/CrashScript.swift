import TraceRecorder

// Stand-ins for the app's controllers: the recorder writes their Swift class names.
class ViewController {}
final class UITabBarController: ViewController {}
final class UINavigationController: ViewController {}
final class ItemsViewController: ViewController {}
final class DetailViewController: ViewController {}
final class ImagePickerContentController: ViewController {}
final class SettingsViewController: ViewController {}
final class ChildViewController: ViewController {}
final class PopoverController {}

/// A session UIKit could have produced, with every event kind of the format: `traceq check`
/// finds nothing in it, wherever it is cut. Threads take turns (`runSteps`), as UIKit's main
/// thread would.
final class CrashScript: @unchecked Sendable {
  let recorder: TraceRecorder
  let tabs = UITabBarController()
  let firstNavigation = UINavigationController()
  let secondNavigation = UINavigationController()
  let items = ItemsViewController()
  let secondItems = ItemsViewController()

  init(_ recorder: TraceRecorder) { self.recorder = recorder }

  /// The window shows a tab bar controller whose first tab is a navigation controller.
  func launch() {
    recorder.deviceNotifications(on: true)
    recorder.setRoot(tabs)
    recorder.setViewControllers([firstNavigation, secondNavigation], of: tabs)
    recorder.setViewControllers([items], of: firstNavigation)
    recorder.setViewControllers([secondItems], of: secondNavigation)
    appearance(disappearing: [], appearing: [tabs, firstNavigation, items], animated: false)
  }

  /// One round of everything, back to where it started.
  func step(thread: Int, number: Int) {
    recorder.console("thread \(thread) step \(number)")
    recorder.windowMask(.all)
    recorder.supportedInterfaceOrientations(items, .all)
    recorder.shouldAutorotate(items, true)
    recorder.preferredInterfaceOrientation(items, .portrait)
    recorder.definesPresentationContext(items, false)

    let detail = DetailViewController()
    recorder.push(detail, on: firstNavigation, animated: true)
    appearance(disappearing: [items], appearing: [detail], animated: true)
    present(from: detail)
    popover()
    rotate(detail)
    children(of: detail)
    recorder.pop(detail, from: firstNavigation, animated: true)
    appearance(disappearing: [detail], appearing: [items], animated: true)
    dealloc(detail)

    recorder.selectTab(secondNavigation, of: tabs)
    appearance(disappearing: [firstNavigation, items], appearing: [secondNavigation, secondItems], animated: false)
    recorder.selectTab(firstNavigation, of: tabs)
    appearance(disappearing: [secondNavigation, secondItems], appearing: [firstNavigation, items], animated: false)
  }

  private func present(from presenter: ViewController) {
    let settings = SettingsViewController()
    recorder.present(settings, from: presenter, style: .formSheet, animated: true)
    appearance(disappearing: [], appearing: [settings], animated: true)
    recorder.presentCompleted(settings)
    recorder.dismiss(settings, animated: true)
    appearance(disappearing: [settings], appearing: [], animated: true)
    recorder.dismissCompleted(settings)
    dealloc(settings)
  }

  private func popover() {
    let popover = PopoverController()
    let content = ImagePickerContentController()
    recorder.popoverCreate(popover, content: content)
    recorder.popoverPresent(popover, from: .barButtonItem, arrows: 15)
    recorder.popoverDismiss(popover, animated: true)
    withExtendedLifetime(popover) { recorder.popoverRelease(address(of: popover)) }
    dealloc(content)
  }

  private func rotate(_ top: ViewController) {
    recorder.attemptRotation()
    recorder.setNeedsUpdateOfSupportedInterfaceOrientations(top)
    recorder.requestGeometryUpdate(.all)
    turn(top, device: .landscapeLeft, from: .portrait, to: .landscapeRight, size: (1024, 768))
    turn(top, device: .portrait, from: .landscapeRight, to: .portrait, size: (768, 1024))
  }

  private func turn(
    _ top: ViewController, device: DeviceOrientation, from: InterfaceOrientation, to: InterfaceOrientation,
    size: (Double, Double)
  ) {
    recorder.deviceOrientation(device)
    recorder.willRotate(tabs, to: to, duration: 0.4)
    recorder.viewWillTransitionToSize(tabs, width: size.0, height: size.1)
    recorder.willAnimateRotation(tabs, to: to, duration: 0.4)
    recorder.didRotate(tabs, from: from)
  }

  private func children(of parent: ViewController) {
    let first = ChildViewController()
    let second = ChildViewController()
    for child in [first, second] {
      recorder.addChild(child, to: parent)
      recorder.willMoveToParent(child, parent)
    }
    recorder.beginAppearanceTransition(first, appearing: true, animated: false)
    recorder.viewWillAppear(first, animated: false)
    recorder.endAppearanceTransition(first)
    recorder.viewDidAppear(first, animated: false)
    recorder.didMoveToParent(first, parent)
    recorder.transition(from: first, to: second, in: parent, duration: 0.25)
    appearance(disappearing: [first], appearing: [second], animated: true)
    recorder.didMoveToParent(second, parent)
    appearance(disappearing: [second], appearing: [], animated: false)
    for child in [first, second] {
      recorder.willMoveToParent(child, nil)
      recorder.removeFromParent(child)
      recorder.didMoveToParent(child, nil)
    }
    dealloc(first)
    dealloc(second)
  }

  private func appearance(disappearing: [ViewController], appearing: [ViewController], animated: Bool) {
    for vc in disappearing { recorder.viewWillDisappear(vc, animated: animated) }
    for vc in appearing { recorder.viewWillAppear(vc, animated: animated) }
    for vc in disappearing.reversed() { recorder.viewDidDisappear(vc, animated: animated) }
    for vc in appearing.reversed() { recorder.viewDidAppear(vc, animated: animated) }
  }

  private func dealloc(_ vc: ViewController) {
    withExtendedLifetime(vc) { recorder.dealloc(address(of: vc)) }
  }

  private func address(of object: AnyObject) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
  }
}
