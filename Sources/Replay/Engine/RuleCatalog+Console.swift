/// The ids a finding can carry beyond the replay rules': UIKit's diagnostics that no replay rule
/// checks, which only a console log, a crash report or a trace's `console` events report. They
/// are rule ids like the others: `traceq rules` shows them, `--rule`, `--disable` and
/// `.traceq.yml` select and rate them, SARIF lists them.
extension RuleCatalog {
  /// The console catalog's entries whose id no replay rule has, in the console catalog's order.
  package static let consoleOnly: [ConsoleEntry] = ConsoleCatalog.all.filter { type(for: $0.id) == nil }

  /// Every id a finding can carry, in `traceq rules` order: the replay rules', then the
  /// console-only ones.
  public static let ids: [String] = all.map { $0.description.id } + consoleOnly.map(\.id)

  /// Whether a finding can carry `id`.
  public static func knows(_ id: String) -> Bool { ids.contains(id) }

  /// The name of the rule or UIKit diagnostic with id `id`.
  public static func name(of id: String) -> String? {
    type(for: id)?.description.name ?? ConsoleCatalog.entry(id)?.name
  }
}
