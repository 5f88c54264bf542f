/// A `UIPopoverController` (iPad, iOS 3.2–9): it shows its content controller in a popover.
final class SimPopoverController {
  let address: String
  let content: SimViewController
  var isVisible = false

  init(address: String, content: SimViewController) {
    self.address = address
    self.content = content
  }
}
