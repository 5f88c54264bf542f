import TraceModel

/// Homepwner (Big Nerd Ranch's iOS book): a navigation controller with the list of items; an
/// item's detail pushed on it, whose camera button shows an image picker (in a
/// UIPopoverController on iPads of the book's era, presented elsewhere); "new item" presents a
/// navigation controller with a detail screen as a form sheet, whose own camera button
/// presents the picker over it — the modal navigation stack whose pushed screen presents a
/// picker and dismisses it, the pattern behind most false findings.
final class HomepwnerApp: ScriptedApp {
  private var rootNavigation: SimNavigationController!
  private var items: SimViewController!
  private var popover: SimPopoverController?

  override func launch() {
    items = uikit.controller("BNRItemsViewController")
    rootNavigation = uikit.navigation(stack: [items])
    uikit.setRoot(rootNavigation)
  }

  override func step() {
    if let popover, popover.isVisible {
      return random.chance(70) ? uikit.userDismissesPopover(popover) : uikit.dismissPopover(popover)
    }
    guard let front else { return }
    if let top = uikit.topPresented {
      return stepInModal(top, front: front)
    }
    switch front.className {
    case "BNRItemsViewController":
      let action = random.weighted([("open", 48), ("new", 32), ("delete", 12), ("turn", 8)])
      switch action {
      case "open": uikit.push(uikit.controller("BNRDetailViewController"), on: rootNavigation, animated: true)
      case "new": newItem()
      case "delete" where uikit.os >= OSVersion(8): presentAlert(from: front)
      default: turnDevice()
      }
    case "BNRDetailViewController":
      let action = random.weighted([("back", 38), ("camera", 38), ("date", 16), ("turn", 8)])
      switch action {
      case "back": goBack(rootNavigation)
      case "camera": takePicture(from: front)
      case "date": uikit.push(uikit.controller("BNRDateViewController"), on: rootNavigation, animated: true)
      default: turnDevice()
      }
    default:
      goBack(rootNavigation)
    }
  }

  /// Inside the "new item" form: a picture, the asset type list, or Done / Cancel.
  private func stepInModal(_ top: SimViewController, front: SimViewController) {
    guard top.className == "UINavigationController", let modal = top as? SimNavigationController else {
      return closeTop(top)
    }
    if front.className == "BNRAssetTypeViewController" { return goBack(modal) }
    switch random.weighted([("camera", 40), ("type", 20), ("done", 40)]) {
    case "camera": takePicture(from: front)
    case "type": uikit.push(uikit.controller("BNRAssetTypeViewController"), on: modal, animated: true)
    default:
      // The book: [self.presentingViewController dismissViewControllerAnimated:YES
      // completion:self.dismissBlock]; other apps send it to the form or its navigation.
      closeTop(top)
    }
  }

  /// The navigation controller with a new item's detail, as a form sheet (the book, iPad) or
  /// UIKit's default.
  private func newItem() {
    let detail = uikit.controller("BNRDetailViewController")
    let form = uikit.navigation(stack: [detail])
    let style: PresentationStyle? = uikit.idiom == .pad ? .formSheet : random.pick([nil, .fullScreen, .pageSheet])
    uikit.present(form, from: items, style: style, animated: true, completion: random.chance(50))
  }

  /// The camera button: a popover on an iPad before iOS 9 (the book), else a presented picker.
  private func takePicture(from detail: SimViewController) {
    if uikit.idiom == .pad, uikit.os < OSVersion(9), uikit.topPresented == nil, random.chance(70) {
      if let old = popover { uikit.releasePopover(old) }
      popover = uikit.createPopover(showing: imagePicker())
      if let popover { uikit.presentPopover(popover) }
      return
    }
    let style: PresentationStyle? =
      uikit.idiom == .pad && uikit.os >= OSVersion(8) ? .popover : random.pick([nil, .fullScreen])
    uikit.present(imagePicker(), from: detail, style: style, animated: true)
  }
}
