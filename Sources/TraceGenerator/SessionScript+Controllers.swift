/// Making the session's controllers: screens, navigation controllers, the root hierarchy.
extension SessionScript {
  /// A new controller of `className` at the next address.
  func make(_ className: String, _ role: ScriptController.Role) -> ScriptController {
    ScriptController(address: addresses.make(random: &random), className: className, role: role)
  }

  /// A screen of the app.
  func makeScreen() -> ScriptController { make(random.pick(profile.app.screens), .content) }

  /// A navigation controller: UIKit's, or the app's subclass (which says its kind).
  func makeNavigation() -> ScriptController {
    Self.makeNavigation(profile: profile, addresses: &addresses, random: &random)
  }

  /// A navigation controller, made before the script exists (for the root hierarchy).
  static func makeNavigation(
    profile: SessionProfile, addresses: inout AddressSpace, random: inout SeededRandom
  ) -> ScriptController {
    let address = addresses.make(random: &random)
    if let subclass = profile.app.navigationSubclass, random.coin() {
      return ScriptController(address: address, className: subclass, role: .navigation, declaredKind: .navigation)
    }
    return ScriptController(address: address, className: "UINavigationController", role: .navigation)
  }

  /// The window's root controller for `layout`, with its containers (their first screens
  /// come when they first appear).
  static func makeRoot(
    _ layout: SessionProfile.Layout, profile: SessionProfile, addresses: inout AddressSpace,
    random: inout SeededRandom
  ) -> ScriptController {
    func make(_ className: String, _ role: ScriptController.Role) -> ScriptController {
      ScriptController(address: addresses.make(random: &random), className: className, role: role)
    }
    func pager() -> ScriptController {
      let pager = make(profile.app.pager, .pager)
      pager.children = [make(profile.app.page, .content)]
      return pager
    }
    let root: ScriptController
    switch layout {
    case .navigation:
      root = makeNavigation(profile: profile, addresses: &addresses, random: &random)
    case .tabs:
      root = make("UITabBarController", .tabBar)
      let count = random.within(2...4)
      let pagerTab = random.below(count + 1)
      for index in 0...count {
        root.children.append(
          index == pagerTab ? pager() : makeNavigation(profile: profile, addresses: &addresses, random: &random))
      }
    case .split:
      root = make("UISplitViewController", .split)
      root.children = [
        makeNavigation(profile: profile, addresses: &addresses, random: &random),
        makeNavigation(profile: profile, addresses: &addresses, random: &random),
      ]
    case .pager:
      root = pager()
    }
    root.mask = profile.rootMask
    return root
  }
}
