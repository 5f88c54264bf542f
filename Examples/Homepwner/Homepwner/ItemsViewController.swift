import UIKit

/// The list of items; "Show item" pushes its detail.
final class ItemsViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Homepwner"
    view.backgroundColor = .systemBackground
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Show item", style: .plain, target: self, action: #selector(showItem))
    navigationItem.rightBarButtonItem?.accessibilityIdentifier = "show-item"
  }

  @objc private func showItem() {
    navigationController?.pushViewController(DetailViewController(), animated: true)
  }
}
