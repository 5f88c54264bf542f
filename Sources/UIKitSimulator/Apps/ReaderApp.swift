import TraceModel

/// A reading app: a tab bar with the library (a portrait-only list in a navigation controller
/// that answers for its top, the book's pages readable in any orientation, a video presented
/// full screen in landscape), the store (purchases in a sheet) and the settings (an app's own
/// container that pages with transition(from:to:)). Signing in replaces the tabs.
final class ReaderApp: ScriptedApp {
  private var tabs: SimTabBarController!
  private var library: SimNavigationController!
  private var store: SimNavigationController!
  private var settings: SimContainerViewController!
  /// Whether the app calls attemptRotation (setNeedsUpdate… from iOS 16) after a pop that
  /// shows a portrait-only screen (the fix recommended for the rule).
  private var fixesOrientationAfterPop = false

  override func launch() {
    let list = uikit.controller("LibraryViewController", mask: .portrait)
    library = uikit.navigation("RotatingNavigationController", stack: [list], consultsTop: true)
    store = uikit.navigation(stack: [uikit.controller("StoreViewController")])
    // On iPad a book's preview covers the store's pane only, over the product page.
    store.definesPresentationContext = uikit.idiom == .pad
    settings = SimContainerViewController(
      address: uikit.newAddress(), className: "SettingsContainerViewController", mask: uikit.idiom.defaultMask,
      forwardsAutomatically: true, consultsPage: false)
    let consults = random.chance(60)
    tabs = uikit.tabBar(
      consults ? "RotatingTabBarController" : "UITabBarController", tabs: [library, store, settings],
      consultsSelected: consults)
    fixesOrientationAfterPop = random.chance(60)
    uikit.setRoot(tabs)
    let page = uikit.controller("GeneralSettingsViewController")
    uikit.addChild(page, to: settings)
    settings.current = page
    uikit.didMove(page, to: settings)
  }

  override func step() {
    guard let front else { return }
    if let top = uikit.topPresented {
      if random.chance(10), turnDevice() { return }
      return closeTop(top)
    }
    switch random.weighted([("tab", 14), ("library", 36), ("store", 14), ("settings", 10), ("signIn", 4), ("turn", 15)])
    {
    case "tab": uikit.select(tab: random.below(tabs.children.count), of: tabs)
    case "library" where tabs.selected === library: stepInLibrary(front)
    case "store" where tabs.selected === store: stepInStore(front)
    case "settings" where tabs.selected === settings: turnPage()
    case "signIn": signIn()
    default: turnDevice()
    }
  }

  private func stepInLibrary(_ front: SimViewController) {
    switch front.className {
    case "LibraryViewController":
      uikit.push(uikit.controller("BookViewController", mask: .portrait), on: library, animated: true)
    case "BookViewController":
      switch random.weighted([("read", 45), ("video", 20), ("back", 35)]) {
      case "read":
        // Most books read in any orientation; comics only in landscape, when the app allows it.
        let comics = uikit.appMask.contains(.landscapeRight) ? 30 : 0
        let mask = random.weighted([(OrientationMask.allButUpsideDown, 70), (.landscape, comics)])
        uikit.push(uikit.controller("PageViewController", mask: mask), on: library, animated: true)
      case "video": playVideo(from: front)
      default: back()
      }
    default:
      back()
    }
  }

  /// The video player, full screen in landscape (it prefers landscape right) when the app
  /// allows landscape, else in whatever the app allows.
  private func playVideo(from source: SimViewController) {
    let landscape = uikit.appMask.contains(.landscapeRight)
    let player = uikit.controller("VideoPlayerViewController", mask: landscape ? .landscape : .all)
    if landscape { player.preferredOrientation = .landscapeRight }
    uikit.present(player, from: source, style: .fullScreen, animated: true, completion: random.chance(50))
  }

  /// Back to the previous screen; a careful app then asks UIKit to decide the orientation again.
  private func back() {
    goBack(library)
    guard fixesOrientationAfterPop, uikit.heldUnsupportedShown != nil else { return }
    pause()
    if uikit.os >= OSVersion(16) {
      uikit.setNeedsUpdateOfSupportedInterfaceOrientations(library.top ?? library)
    } else {
      uikit.attemptRotation()
    }
  }

  private func stepInStore(_ front: SimViewController) {
    if front.className == "StoreViewController" {
      return uikit.push(uikit.controller("ProductViewController"), on: store, animated: true)
    }
    if random.chance(40) {
      removed = store.top
      return uikit.pop(store, animated: true)
    }
    if uikit.idiom == .pad, uikit.os >= OSVersion(8), random.chance(30) {
      return uikit.present(
        uikit.controller("PreviewViewController"), from: front, style: .overCurrentContext, animated: true)
    }
    let purchase = uikit.navigation(stack: [uikit.controller("PurchaseViewController")])
    uikit.present(purchase, from: front, style: uikit.idiom == .pad ? .formSheet : nil, animated: true)
  }

  /// The settings container pages the way its documentation shows: willMove(nil) on the old
  /// page, addChild of the new, transition, then didMove and removeFromParent in the completion.
  private func turnPage() {
    guard let old = settings.current else { return }
    let new = uikit.controller(random.pick(["GeneralSettingsViewController", "AccountSettingsViewController"]))
    uikit.willRemove(old)
    uikit.addChild(new, to: settings)
    uikit.transition(in: settings, from: old, to: new)
    pause()
    uikit.didMove(new, to: settings)
    uikit.removeFromParent(old)
  }

  /// Signing in replaces the store tab with the account tab (or back): the tab bar keeps the
  /// same index selected.
  private func signIn() {
    let replacement =
      tabs.children[1] === store
      ? uikit.navigation(stack: [uikit.controller("AccountViewController")]) : store!
    uikit.setTabs([library, replacement, settings], of: tabs)
  }
}
