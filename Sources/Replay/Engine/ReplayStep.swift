import TraceModel

/// One step of a replay that a rule looks at: an observation of the model at a line, with the
/// model's state after the event.
package struct ReplayStep {
  package let line: Int
  package let observation: Observation
  package let model: SessionModel
  /// The app's controller responsible for what was observed (see
  /// ``SessionModel/appController(responsibleFor:)``); nil when none is the app's.
  package let appController: ObjectID?
  /// The line whose event closed the evidence (after ``line`` for a finding that waited).
  package let decidedLine: Int

  package init(_ observed: ModelObservation, model: SessionModel) {
    line = observed.line
    observation = observed.observation
    appController = observed.appController
    decidedLine = observed.decidedLine
    self.model = model
  }

  /// How messages name a controller or popover: `BNRDetailViewController 0xc3`.
  package func describe(_ id: ObjectID) -> String { model.symbols.describe(id) }

  /// The class of `id`, or its address when the trace never gave one.
  package func className(_ id: ObjectID) -> String { model.symbols.className(of: id) ?? model.symbols.address(of: id) }
}
