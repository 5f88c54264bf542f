import TraceModel

/// One step of a replay that a rule looks at: an observation of the model at a line, with the
/// model's state after the event.
public struct ReplayStep {
  public let line: Int
  public let observation: Observation
  public let model: SessionModel
  /// The app's controller responsible for what was observed (see
  /// ``SessionModel/appController(responsibleFor:)``); nil when none is the app's.
  public let appController: ObjectID?
  /// The line whose event closed the evidence (after ``line`` for a finding that waited).
  public let decidedLine: Int

  public init(_ observed: ModelObservation, model: SessionModel) {
    line = observed.line
    observation = observed.observation
    appController = observed.appController
    decidedLine = observed.decidedLine
    self.model = model
  }

  /// How messages name a controller or popover: `BNRDetailViewController 0xc3`.
  public func describe(_ id: ObjectID) -> String { model.symbols.describe(id) }

  /// The class of `id`, or its address when the trace never gave one.
  public func className(_ id: ObjectID) -> String { model.symbols.className(of: id) ?? model.symbols.address(of: id) }
}
