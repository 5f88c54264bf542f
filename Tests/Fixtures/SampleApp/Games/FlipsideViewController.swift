import UIKit

/// The back of the card.
final class FlipsideViewController: UIViewController {
  weak var delegate: MainScreen?

  class func make() -> FlipsideViewController { FlipsideViewController() }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    let note = "a } in a string does not close the class { "
    print(note)
  }
}
