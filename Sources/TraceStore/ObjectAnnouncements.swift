import TraceModel

/// What the decoding side of an ingest tells the writer of a session's objects, as
/// ``IngestItem/object(_:address:className:kind:)`` items before the event that named or
/// declared them: each new object's address, and each class or kind a record gives one. The
/// writer cannot read the symbols while they change (``SessionObjectRows``).
package struct ObjectAnnouncements {
  /// The session's symbols; nil before its header.
  private var symbols: SessionSymbols?
  /// How many objects were announced, and ``SessionSymbols/declarations`` when last asked.
  private var announced = 0
  private var declarations = 0

  package init() {}

  /// Follows the objects of the session that starts with `symbols`.
  package mutating func start(_ symbols: SessionSymbols) {
    self.symbols = symbols
    announced = 0
    declarations = 0
    nextRelease = Self.objectCap
    warned = false
  }

  /// Hands `body` the announcements the last event's record makes, if any: asked after each
  /// event is decoded, before anything may release the ids it named.
  @inline(__always)
  package mutating func take(_ body: (IngestItem) -> Void) {
    guard let symbols, announced < symbols.count || declarations != symbols.declarations else { return }
    let firstNew = announced
    for object in symbols.takeReused() { body(Self.item(object, symbols)) }
    while announced < symbols.count {
      body(Self.item(ObjectID(announced), symbols))
      announced += 1
    }
    if declarations != symbols.declarations {
      declarations = symbols.declarations
      // A new object was announced with its class already.
      if symbols.lastDeclared.offset < firstNew { body(Self.item(symbols.lastDeclared, symbols)) }
    }
  }

  /// Hands `body` a ``IngestItem/released(_:)`` item per id released since the last call: asked
  /// after an event whose record announced something, whose rows are the ids' last. Ids are
  /// released only then: the model and ``releaseControllers(after:)`` release once the ids
  /// reach a count and none is free, which only a record numbering an object (new, or with a
  /// free id) brings about.
  package func takeReleased(_ body: (IngestItem) -> Void) {
    guard let symbols else { return }
    for object in symbols.takeReleased() { body(.released(object)) }
  }

  // MARK: Bounding memory

  /// How many ids a session's objects take before the view controllers' are released: the
  /// replay's bound.
  private static let objectCap = SessionSymbols.idsBeforeRelease
  /// When the next release is due (how many ids), and whether the session was warned of one.
  private var nextRelease = objectCap
  private var warned = false

  /// For a session no model replays: once its objects take ``objectCap`` ids and none is free,
  /// releases the id of every view controller but those of `event`, so that memory stays bounded
  /// whatever the number of controllers never deallocated. Their rows end here
  /// (``takeReleased(_:)``); one named again starts a new row. Returns the warning the session's
  /// first release gives.
  package mutating func releaseControllers(after event: TraceEvent) -> IngestIssue? {
    guard let symbols, symbols.count >= nextRelease, symbols.freeCount == 0 else { return nil }
    let columns = EventColumns(event.payload)
    for offset in 0..<symbols.count where symbols.roles(of: ObjectID(offset)) == .viewController {
      let object = ObjectID(offset)
      if object != columns.vc && object != columns.other { symbols.release(object) }
    }
    // Too few released (popovers, windows): let the ids grow rather than release every few events.
    nextRelease = symbols.freeCount < Self.objectCap / 4 ? symbols.count * 2 : symbols.count
    guard !warned else { return nil }
    warned = true
    return IngestIssue(
      .tooManyObjects, line: event.line,
      "the session names more than \(Self.objectCap) objects; to bound memory traceq ended the stored "
        + "lifetimes (controllers rows) of the view controllers not deallocated by this line, but this line's: "
        + "one named again later gets a new row, with its class only if its records give it again; if the app "
        + "keeps that many alive, release the view controllers it no longer shows")
  }

  private static func item(_ object: ObjectID, _ symbols: SessionSymbols) -> IngestItem {
    .object(
      object, address: symbols.address(of: object), className: symbols.className(of: object),
      kind: symbols.kind(of: object))
  }
}
