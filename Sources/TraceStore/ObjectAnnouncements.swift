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
  }

  /// Hands `body` the announcements the last event's record makes, if any: asked after each event.
  @inline(__always)
  package mutating func take(_ body: (IngestItem) -> Void) {
    guard let symbols, announced < symbols.count || declarations != symbols.declarations else { return }
    let firstNew = announced
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

  private static func item(_ object: ObjectID, _ symbols: SessionSymbols) -> IngestItem {
    .object(
      object, address: symbols.address(of: object), className: symbols.className(of: object),
      kind: symbols.kind(of: object))
  }
}
