import TraceModel

/// How any app commits each misuse, when its screen allows it now; false when it does not.
extension ScriptedApp {
  func commit(_ misuse: Misuse) -> Bool {
    guard let front else { return false }
    switch misuse {
    case .presentWhilePresenting:
      guard let top = uikit.topPresented, let presenter = top.presenter, uikit.os >= OSVersion(8) else { return false }
      presentAlert(from: random.chance(50) ? presenter : leaf(presenter.familyRoot))
    case .presentDuringPresentation:
      guard uikit.os >= OSVersion(8) else { return false }
      presentAlert(from: front)
      quickTap()
      presentAlert(from: front)
    case .presentDuringDismissal:
      guard let top = uikit.topPresented, let presenter = top.presenter, top.presented == nil else { return false }
      uikit.dismiss(from: top, animated: true)
      quickTap()
      uikit.present(uikit.controller("DetailViewController"), from: presenter, style: nil, animated: true)
    case .dismissTwice:
      guard let top = uikit.topPresented, top.presented == nil else { return false }
      uikit.dismiss(from: top, animated: true)
      quickTap()
      uikit.dismiss(from: top, animated: true)
    case .presentFromRemoved:
      guard let removed, !uikit.isInWindow(removed), removed.presenter == nil else { return false }
      uikit.present(uikit.controller("ShareViewController"), from: removed, style: nil, animated: true)
    case .presentActiveController:
      guard let root = uikit.root else { return false }
      uikit.present(random.chance(50) ? root : leaf(root), from: front, style: nil, animated: true)
    case .presentFromDetached:
      return presentFromLegacyView(over: front)
    case .doublePopover:
      guard uikit.idiom == .pad, uikit.os < OSVersion(10), uikit.topPresented == nil,
        let first = uikit.createPopover(showing: imagePicker())
      else { return false }
      uikit.presentPopover(first)
      pause()
      guard let second = uikit.createPopover(showing: imagePicker()) else { return true }
      uikit.presentPopover(second)
      uikit.releasePopover(first)
    case .popoverOnPhone:
      guard uikit.idiom == .phone else { return false }
      _ = uikit.createPopover(showing: imagePicker())
    case .pushTwice:
      guard let navigation = frontNavigation else { return false }
      let detail = uikit.controller("DetailViewController")
      uikit.push(detail, on: navigation, animated: true)
      quickTap()
      uikit.push(detail, on: navigation, animated: true)
    case .forgetDidMove, .forgetWillMove, .transitionFromRemovedPage:
      return pageWrongly(misuse)
    case .forgetForwardingDisappearance, .forgetEndOfAppearance:
      return forwardWrongly(misuse)
    case .handCallAppearance:
      guard front.appearance == .appeared else { return false }
      uikit.handCall(.viewWillAppear, to: front)
      uikit.handCall(.viewDidAppear, to: front)
    case .popToPortraitInLandscape:
      return popToPortraitInLandscape()
    case .noCommonOrientation, .preferredOrientationUnsupported:
      return presentInImpossibleOrientation(misuse)
    case .forwardRotationToHiddenController:
      return forwardRotationToHidden()
    }
    return true
  }

  /// A banner controller whose view the app added by hand to the front screen (no
  /// containment), with appearance called by hand; its button presents a promotion.
  private func presentFromLegacyView(over host: SimViewController) -> Bool {
    guard uikit.topPresented == nil, host.appearance == .appeared else { return false }
    let banner = uikit.controller("PromoBannerViewController")
    banner.host = host
    uikit.detached.append(banner)
    uikit.handCall(.viewWillAppear, to: banner, animated: false)
    uikit.handCall(.viewDidAppear, to: banner, animated: false)
    pause()
    // overFullScreen is iOS 8+; from iOS 13 UIKit's default, a sheet.
    let style: PresentationStyle? =
      uikit.os >= OSVersion(13) ? nil : uikit.os >= OSVersion(8) ? random.pick([.overFullScreen, .custom]) : .custom
    uikit.present(uikit.controller("PromoViewController"), from: banner, style: style, animated: true)
    return true
  }
}
