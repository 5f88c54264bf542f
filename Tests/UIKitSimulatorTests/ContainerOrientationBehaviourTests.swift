import Testing
import TraceModel

@testable import UIKitSimulator

/// The simulated UIKit's containers and orientation decisions follow Apple's documentation.
@Suite("UIKitSimulator: containers and orientation")
struct ContainerOrientationBehaviourTests {
  @Test("a tab bar given new tabs without the selected one selects the same index")
  func tabsKeepTheIndex() {
    let stage = Stage()
    let tabs = stage.tabBar("Tabs", [stage.controller("A"), stage.controller("B"), stage.controller("C")])
    stage.uikit.setRoot(tabs)
    stage.uikit.select(tab: 2, of: tabs)
    _ = stage.settle()
    stage.uikit.setTabs([stage.controller("D"), stage.controller("E"), stage.controller("F")], of: tabs)
    #expect(
      stage.settle() == [
        "setViewControllers Tabs", "viewWillDisappear C", "viewWillAppear F", "viewDidDisappear C", "viewDidAppear F",
      ])
    // When the selected tab stays, it stays selected wherever it moves.
    let f = tabs.selected!
    stage.uikit.setTabs([f, stage.controller("G")], of: tabs)
    #expect(tabs.selectedIndex == 0 && stage.settle() == ["setViewControllers Tabs"])
  }

  /// A navigation controller that answers for its top: a portrait-only list, then a player
  /// turned to landscape, then back to the list. A landscape-only player keeps the interface
  /// in landscape when the device turns back upright before the pop.
  @discardableResult
  private func listInLandscape(_ stage: Stage, player: OrientationMask = .allButUpsideDown, upright: Bool = false)
    -> SimNavigationController
  {
    let nav = stage.navigation("Nav", [stage.controller("List", mask: .portrait)], consultsTop: true)
    stage.uikit.setRoot(nav)
    stage.uikit.push(stage.controller("Player", mask: player), on: nav, animated: true)
    _ = stage.settle()
    stage.uikit.turnDevice(to: .landscapeLeft)
    if upright { stage.uikit.turnDevice(to: .portrait) }
    _ = stage.settle()
    #expect(stage.uikit.interface == .landscapeRight)
    stage.uikit.pop(nav, animated: true)
    _ = stage.settle()
    return nav
  }

  @Test("a pop does not rotate: the portrait-only screen shows in landscape until the app's next call")
  func popShowsUnsupportedOrientation() {
    let stage = Stage()
    let nav = listInLandscape(stage)
    #expect(stage.verdicts.isEmpty)
    stage.uikit.push(stage.controller("Other"), on: nav, animated: true)
    _ = stage.settle()
    #expect(stage.verdicts == ["unsupported-orientation-shown: pop Player Nav"])
  }

  @Test("attemptRotationToDeviceOrientation rotates at once when the device is in an allowed orientation")
  func attemptRotationFixes() {
    let stage = Stage()
    listInLandscape(stage, player: .landscape, upright: true)
    stage.uikit.attemptRotation()
    #expect(stage.uikit.interface == .portrait)
    #expect(stage.settle() == ["attemptRotation", "viewWillTransitionToSize Nav", "viewWillTransitionToSize List"])
    // The upright turn under the landscape-only player was refused; the list is not shown
    // in landscape past the app's next call.
    #expect(stage.verdicts == ["rejected-orientation: deviceOrientation portrait"])
  }

  @Test("attemptRotation with the device in an orientation the screen refuses changes nothing")
  func attemptRotationCannotFix() {
    let stage = Stage()
    listInLandscape(stage)
    stage.uikit.attemptRotation()
    _ = stage.settle()
    #expect(stage.uikit.interface == .landscapeRight)
    #expect(stage.verdicts == ["unsupported-orientation-shown: pop Player Nav"])
  }

  @Test("a device turn the deciding controller refuses is a rejected rotation; faceUp changes nothing")
  func rejectedRotation() {
    let stage = Stage(os: "9.0")
    let nav = stage.navigation("Nav", [stage.controller("List", mask: .portrait)], consultsTop: true)
    stage.uikit.setRoot(nav)
    _ = stage.settle()
    stage.uikit.turnDevice(to: .faceUp)
    stage.uikit.turnDevice(to: .landscapeLeft)
    #expect(
      stage.settle(answers: true) == [
        "deviceOrientation faceUp", "deviceOrientation landscapeLeft", "shouldAutorotate Nav",
        "supportedInterfaceOrientations List", "supportedInterfaceOrientations Nav",
      ])
    #expect(stage.verdicts == ["rejected-orientation: deviceOrientation landscapeLeft"])
  }

  @Test("an allowed rotation sends the rotation callbacks of the iOS version, parents first, children first at the end")
  func rotationCallbacks() {
    let stage = Stage(os: "8.4")
    let nav = stage.navigation("Nav", [stage.controller("List")])
    stage.uikit.setRoot(nav)
    _ = stage.settle()
    stage.uikit.turnDevice(to: .landscapeRight)
    #expect(
      stage.settle() == [
        "deviceOrientation landscapeRight", "viewWillTransitionToSize Nav", "viewWillTransitionToSize List",
        "willRotate Nav landscapeLeft", "willRotate List landscapeLeft", "willAnimateRotation Nav landscapeLeft",
        "willAnimateRotation List landscapeLeft", "didRotate List portrait", "didRotate Nav portrait",
      ])
  }

  @Test("a cancelled interactive pop leaves the top on screen, with the observed order of callbacks")
  func cancelledInteractivePop() {
    let stage = Stage()
    let nav = stage.navigation("Nav", [stage.controller("List")])
    stage.uikit.setRoot(nav)
    stage.uikit.push(stage.controller("Detail"), on: nav, animated: true)
    _ = stage.settle()
    stage.uikit.interactivePop(nav, cancelled: true)
    #expect(
      stage.settle() == [
        "pop Detail Nav", "viewWillDisappear Detail", "viewWillAppear List", "viewWillDisappear List",
        "viewDidDisappear List", "viewWillAppear Detail", "viewDidAppear Detail",
      ])
    #expect(nav.stack.count == 2 && stage.verdicts.isEmpty)
  }

  @Test("a second beginAppearanceTransition before the end is the fault UIKit logs, not the callback it sends")
  func beginTwice() {
    let stage = Stage()
    let page = stage.controller("Page")
    stage.uikit.setRoot(stage.controller("Root"))
    _ = stage.settle()
    stage.uikit.beginAppearanceTransition(page, appearing: true)
    stage.uikit.beginAppearanceTransition(page, appearing: true)
    stage.uikit.endAppearanceTransition(page)
    #expect(
      stage.settle() == [
        "beginAppearanceTransition Page", "viewWillAppear Page", "beginAppearanceTransition Page",
        "viewWillAppear Page", "endAppearanceTransition Page", "viewDidAppear Page",
      ])
    #expect(stage.verdicts == ["unbalanced-appearance: beginAppearanceTransition Page"])
  }

  @Test("a container that forgets to forward the disappearance makes the next appearance unbalanced")
  func unbalancedForwarding() {
    let stage = Stage()
    let list = stage.controller("List")
    let nav = stage.navigation("Nav", [list])
    stage.uikit.setRoot(nav)
    let drawer = SimContainerViewController(
      address: stage.uikit.newAddress(), className: "Drawer", mask: .allButUpsideDown, forwardsAutomatically: false,
      consultsPage: false)
    drawer.forgetsDisappearance = true
    let page = stage.controller("Page")
    stage.uikit.addChild(page, to: drawer)
    drawer.current = page
    stage.uikit.didMove(page, to: drawer)
    stage.uikit.push(drawer, on: nav, animated: true)
    _ = stage.settle()
    stage.uikit.push(stage.controller("Detail"), on: nav, animated: true)
    _ = stage.settle()
    stage.uikit.pop(nav, animated: true)
    _ = stage.settle()
    #expect(stage.verdicts == ["unbalanced-appearance: viewWillAppear Page"])
    #expect(stage.uikit.uikitBreaches == 0)
  }
}
