import TraceModel

/// The `event_names.id` of each event a file stores, looked up by name once per name (ids never
/// depend on an enum's raw value: see ``EventNameIDs``). A file gets at most
/// ``unknownNameLimit`` distinct unknown names; the events of any further name are stored under
/// ``otherUnknownName``, their records keeping the name.
package struct EventNameIndex {
  /// How many distinct unknown event names one file gets in `event_names`.
  package static let unknownNameLimit = 1000
  package static let otherUnknownName = "(other unknown event)"

  /// The id of a name, stored with a new id when it is not stored yet.
  package typealias Lookup = (_ name: String, _ known: Bool) throws -> Int64

  /// Ids of the known events, by raw value.
  private var knownIDs: [Int64]
  private var unknownIDs: [String: Int64] = [:]
  /// The line of the first event past ``unknownNameLimit``, once there is one.
  package private(set) var reachedUnknownNameLimit: Int?
  /// The id of ``otherUnknownName``, once an event needed it.
  package private(set) var otherUnknownID: Int64?

  package init(_ lookup: Lookup) throws {
    knownIDs = try EventName.allCases.map { try lookup($0.name, true) }
  }

  /// The id of `event`'s name.
  @inline(__always)
  package mutating func id(of event: TraceEvent, _ lookup: Lookup) throws -> Int64 {
    if let name = event.name { return knownIDs[Int(name.rawValue)] }
    return try unknownID(of: event, lookup)
  }

  private mutating func unknownID(of event: TraceEvent, _ lookup: Lookup) throws -> Int64 {
    guard case .unknown(let name, _) = event.payload else { preconditionFailure("an event without a name is unknown") }
    if let id = unknownIDs[name] { return id }
    guard unknownIDs.count < Self.unknownNameLimit else {
      if let otherUnknownID { return otherUnknownID }
      reachedUnknownNameLimit = event.line
      let id = try lookup(Self.otherUnknownName, false)
      otherUnknownID = id
      return id
    }
    let id = try lookup(name, false)
    unknownIDs[name] = id
    return id
  }
}
