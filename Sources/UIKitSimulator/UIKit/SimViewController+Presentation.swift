/// The public presentation properties, answered as Apple documents them: for the controller
/// itself or, failing that, for its ancestors.
extension SimViewController {
  /// "The view controller that is presented by this view controller, or one of its ancestors
  /// in the view controller hierarchy."
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
  var presentedViewController: SimViewController? {
    ([self] + ancestors).lazy.compactMap(\.presented).first
  }

  /// "If the view controller was not presented modally, but one of its ancestors was, this
  /// property contains the view controller that presented the ancestor."
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
  var presentingViewController: SimViewController? {
    ([self] + ancestors).lazy.compactMap(\.presenter).first
  }

  /// The farthest ancestor: the top of this controller's family (itself without a parent).
  var familyRoot: SimViewController {
    var controller = self
    while let parent = controller.parent { controller = parent }
    return controller
  }

  /// The ancestors from the parent up.
  var ancestors: [SimViewController] {
    var result: [SimViewController] = []
    var controller = parent
    while let current = controller {
      result.append(current)
      controller = current.parent
    }
    return result
  }

  /// This controller and every controller below it in its family, parents before children.
  var family: [SimViewController] {
    [self] + children.flatMap(\.family)
  }

  /// The presented controllers stacked on this one's family: what it (or a member, for a
  /// current-context presentation) presents, what that presents…
  var presentedChain: [SimViewController] {
    var result: [SimViewController] = []
    var next = familyPresented
    while let current = next {
      result.append(current)
      next = current.familyPresented
    }
    return result
  }

  /// What a presented controller's family presents (the presenter is the family's root for
  /// every style the apps use but the current-context ones, where it is a member).
  var familyPresented: SimViewController? {
    family.lazy.compactMap(\.presented).first
  }
}
