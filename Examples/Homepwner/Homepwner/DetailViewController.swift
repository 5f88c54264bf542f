import UIKit

/// An item's detail, with the book's camera button: each tap makes a new UIPopoverController
/// and keeps only the newest, so a second tap frees a popover that is still on screen.
final class DetailViewController: UIViewController, UIPopoverControllerDelegate {
  private var imagePickerPopover: UIPopoverController?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Item"
    view.backgroundColor = .systemBackground
    let camera = UIBarButtonItem(barButtonSystemItem: .camera, target: self, action: #selector(takePicture(_:)))
    camera.accessibilityIdentifier = "camera"
    navigationItem.rightBarButtonItem = camera
  }

  @objc private func takePicture(_ sender: UIBarButtonItem) {
    // The bug, as written in the book's first edition: no check that a popover is showing.
    let content = UIViewController()
    content.view.backgroundColor = .systemGray6
    content.preferredContentSize = CGSize(width: 320, height: 240)
    let popover = UIPopoverController(contentViewController: content)
    popover.delegate = self
    popover.present(from: sender, permittedArrowDirections: .any, animated: true)
    imagePickerPopover = popover
  }

  func popoverControllerDidDismissPopover(_ popoverController: UIPopoverController) {
    imagePickerPopover = nil
  }
}
