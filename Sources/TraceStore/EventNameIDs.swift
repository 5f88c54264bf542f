/// How `event_names` is numbered. Rows refer to names by id, so an id never changes once
/// stored; names are looked up by their text only, never by an enum's raw value. The two kinds
/// of name get disjoint id ranges, so that a name one release knows and another stored as
/// unknown never share an id with a different name:
/// - names traceq knows get ids below ``unknownBase`` (those of the first release were seeded
///   by the v1 migration; a name added later gets the next free id of that range when first
///   written, unless an older release stored it already, as unknown: its row is reused);
/// - names traceq does not know get ids from ``unknownBase`` up.
package enum EventNameIDs {
  package static let unknownBase: Int64 = 1 << 20

  /// The rows the first release seeded `event_names` with, in SQL both backends run in their
  /// first migration: the ids every store gives these names.
  package static let firstReleaseNames = """
    INSERT INTO event_names (id, name) VALUES
    (1, 'setRoot'), (2, 'windowMask'), (3, 'deviceNotifications'), (4, 'deviceOrientation'),
    (5, 'attemptRotation'), (6, 'supportedInterfaceOrientations'), (7, 'shouldAutorotate'),
    (8, 'preferredInterfaceOrientation'), (9, 'definesPresentationContext'), (10, 'willRotate'),
    (11, 'willAnimateRotation'), (12, 'didRotate'), (13, 'viewWillTransitionToSize'), (14, 'viewWillAppear'),
    (15, 'viewDidAppear'), (16, 'viewWillDisappear'), (17, 'viewDidDisappear'), (18, 'beginAppearanceTransition'),
    (19, 'endAppearanceTransition'), (20, 'addChild'), (21, 'willMoveToParent'), (22, 'didMoveToParent'),
    (23, 'removeFromParent'), (24, 'push'), (25, 'pop'), (26, 'setViewControllers'), (27, 'selectTab'),
    (28, 'transition'), (29, 'present'), (30, 'presentCompleted'), (31, 'dismiss'), (32, 'dismissCompleted'),
    (33, 'popoverCreate'), (34, 'popoverPresent'), (35, 'popoverDismiss'), (36, 'popoverDidDismiss'),
    (37, 'popoverRelease'), (38, 'console');
    """
}
