import Replay
import TraceModel

/// A row of an exported timeline. Each holds labelled slices: at most one at a time on the
/// controller and orientation tracks, nested ones on the presentation and popover tracks.
enum TimelineTrack: Hashable {
  /// A view controller's appearance: appearing → appeared → disappearing.
  case controller(ObjectID)
  /// Presented view controllers, from the present to the end of their dismissal.
  case presentations
  /// Visible `UIPopoverController`s.
  case popovers
  /// The interface orientation.
  case interfaceOrientation
  /// The device orientation.
  case deviceOrientation
  /// The orientations UIKit allows (the effective mask).
  case allowedOrientations
}

extension TimelineTrack {
  /// The name of a track that is not a controller's.
  var title: String {
    switch self {
    case .controller: "controller"
    case .presentations: "presentations"
    case .popovers: "popovers"
    case .interfaceOrientation: "interface orientation"
    case .deviceOrientation: "device orientation"
    case .allowedOrientations: "allowed orientations (effective mask)"
    }
  }
}

/// One slice starting or ending on a track. `slot` tells apart slices that can overlap on the
/// same track (a presented controller, a popover); a track with one slice at a time uses 0.
struct TimelineChange {
  var track: TimelineTrack
  var slot: Int
  /// The new slice's name; nil ends the slot's slice without starting another.
  var label: String?
  /// Details shown with the slice.
  var detail: [(key: String, value: String)] = []
  /// The line of the event that made the change.
  var line = 0
}

/// What a session looks like, for the start of its export.
struct TimelineSession {
  /// The session's ordinal in its file (1 for the first).
  var ordinal: Int
  /// The trace file (or the path it was ingested from).
  var file: String
  /// The header's line.
  var line: Int
  var header: SessionHeader

  /// "Homepwner, iPad, iOS 7.0".
  var title: String {
    [header.app, header.idiom.map { $0 == .pad ? "iPad" : "iPhone" }, header.osText.map { "iOS \($0)" }]
      .compactMap { $0 }.joined(separator: ", ")
  }
}

/// Receives a replay as a timeline, in time order: what a Perfetto trace or an HTML report is
/// made of.
protocol TimelineSink: AnyObject {
  func beginSession(_ session: TimelineSession, model: SessionModel)
  /// A slice starts or ends at `time` (seconds). Consuming: a report keeps the change, and a
  /// copy of its strings for each of a million changes counts.
  func change(_ change: consuming TimelineChange, at time: Double, model: SessionModel)
  /// A finding about `finding.line`, placed at `time`, and its place in the app's sources
  /// (`--source-root`); the model is in its state after `line`.
  func finding(_ finding: Finding, source: SourcePlace?, at time: Double, model: SessionModel, afterLine line: Int)
  /// The event at `line` made the model hold a finding until the events after it decide it:
  /// the model is in the state the finding will be about.
  func holding(line: Int, model: SessionModel)
  /// The session ended at `time`: open slices end there.
  func endSession(at time: Double, events: Int)
}
