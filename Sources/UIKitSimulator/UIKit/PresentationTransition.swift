/// A presentation or dismissal UIKit is animating. Until it ends, UIKit refuses another present
/// or dismiss on the same presenter ("Attempt to present … while a presentation is in
/// progress", "Attempt to dismiss from view controller … while a presentation or dismiss is
/// in progress!": https://github.com/zetachang/DCModalSegue/issues/10,
/// https://github.com/jonkykong/SideMenu/issues/323).
enum PresentationTransition {
  case presenting, dismissing
}
