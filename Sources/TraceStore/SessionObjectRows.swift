import TraceModel

/// The rows the open session's objects are stored as, decided while its events are stored: the
/// row id each event points at, a ``ControllerRow`` per lifetime of a controller and a popover
/// row per popover. A controller's lifetime ends at its `dealloc`, when a record gives its
/// address another class, and when the decoding side releases its id to bound memory
/// (``forget(_:)``); the next event naming the address starts another row.
///
/// The writer's thread cannot read the session's symbols while the decoding side still changes
/// them, so what it knows of an object comes in order with the events (``IngestItem/object(_:address:className:kind:)``).
/// An object's first row id is the id of its popover row too: an address used as both keeps one.
package struct SessionObjectRows {
  /// What is known of one object of the session.
  private struct Slot {
    /// The object's first row id; 0 until it is named.
    var firstID: Int64 = 0
    /// The row id of its live lifetime; 0 when none is live.
    var liveID: Int64 = 0
    var address = ""
    /// The class and kind of its live lifetime, or those the next one starts with.
    var className: String?
    var kind: ContainerKind?
    var lines = 0...0
    var appearances = SIMD4<Int64>.zero
    /// Whether a controller row was handed out for it.
    var stored = false
  }

  private var slots: [Slot] = []
  /// The next free id for controllers and popovers.
  package private(set) var nextID: Int64
  /// The classes of the session's controller rows, each once (`session_classes`).
  private var classes = Set<String>()

  package init(firstID: Int64) {
    nextID = firstID
  }

  /// Learns the address of `object` and the class and kind a record gave it. Another class than
  /// its live lifetime had ends that lifetime: the row to store is returned.
  package mutating func declare(_ object: ObjectID, address: String, className: String?, kind: ContainerKind?)
    -> ControllerRow?
  {
    reserve(object)
    var ended: ControllerRow?
    if slots[object.offset].liveID != 0, let had = slots[object.offset].className, had != className {
      ended = end(object)
    }
    slots[object.offset].address = address
    slots[object.offset].className = className
    slots[object.offset].kind = kind
    return ended
  }

  /// The row id of the controller `object` names at `line`: its live lifetime's, started here
  /// when none is live.
  @inline(__always)
  package mutating func controller(_ object: ObjectID, at line: Int) -> Int64 {
    reserve(object)
    if slots[object.offset].liveID == 0 { start(object, at: line) }
    slots[object.offset].lines = slots[object.offset].lines.lowerBound...line
    return slots[object.offset].liveID
  }

  /// The row id of the popover `object`.
  @inline(__always)
  package mutating func popover(_ object: ObjectID) -> Int64 {
    reserve(object)
    return firstID(object)
  }

  /// Counts `event` for the live lifetime of `object` when it is an appearance callback.
  @inline(__always)
  package mutating func count(_ event: EventName, of object: ObjectID) {
    let lane: Int
    switch event {
    case .viewWillAppear: lane = 0
    case .viewDidAppear: lane = 1
    case .viewWillDisappear: lane = 2
    case .viewDidDisappear: lane = 3
    default: return
    }
    slots[object.offset].appearances[lane] &+= 1
  }

  /// Ends the live lifetime of `object` (its `dealloc`); returns its row.
  package mutating func release(_ object: ObjectID) -> ControllerRow? {
    guard object.offset < slots.count, slots[object.offset].liveID != 0 else { return nil }
    return end(object)
  }

  /// Forgets `object`, whose id the decoding side released (``IngestItem/released(_:)``): returns
  /// the row of its live lifetime, or of a controller the events never named in a column; the
  /// id names a new object from then on.
  package mutating func forget(_ object: ObjectID) -> ControllerRow? {
    guard object.offset < slots.count else { return nil }
    defer { slots[object.offset] = Slot() }
    if slots[object.offset].liveID != 0 { return end(object) }
    guard !slots[object.offset].stored else { return nil }
    let slot = slots[object.offset]
    if let className = slot.className { classes.insert(className) }
    return ControllerRow(
      id: firstID(object), address: slot.address, className: slot.className, kind: slot.kind, lines: nil,
      appearances: .zero)
  }

  /// The rows left when the session ends: the live lifetimes, a controller the events never
  /// named in a column (once, without lines), and the popovers. `symbols` are the session's,
  /// complete: the decoding side has moved on.
  package mutating func finish(_ symbols: SessionSymbols) -> (
    controllers: [ControllerRow], popovers: [(id: Int64, address: String)], classes: [String]
  ) {
    var controllers: [ControllerRow] = []
    var popovers: [(id: Int64, address: String)] = []
    for index in 0..<symbols.count {
      let object = ObjectID(index)
      let roles = symbols.roles(of: object)
      if index < slots.count, slots[index].liveID != 0 {
        if slots[index].address.isEmpty { slots[index].address = symbols.address(of: object) }
        controllers.append(end(object))
      } else if roles.contains(.viewController), index >= slots.count || !slots[index].stored {
        reserve(object)
        let id = firstID(object)
        let className = symbols.className(of: object)
        if let className { classes.insert(className) }
        controllers.append(
          ControllerRow(
            id: id, address: symbols.address(of: object), className: className, kind: symbols.kind(of: object),
            lines: nil, appearances: .zero))
      }
      if roles.contains(.popover) {
        reserve(object)
        popovers.append((firstID(object), symbols.address(of: object)))
      }
    }
    defer {
      slots.removeAll(keepingCapacity: true)
      classes.removeAll(keepingCapacity: true)
    }
    return (controllers, popovers, classes.sorted())
  }

  // MARK: Lifetimes

  private mutating func reserve(_ object: ObjectID) {
    if object.offset >= slots.count {
      slots.append(contentsOf: repeatElement(Slot(), count: object.offset + 1 - slots.count))
    }
  }

  private mutating func firstID(_ object: ObjectID) -> Int64 {
    if slots[object.offset].firstID == 0 {
      slots[object.offset].firstID = nextID
      nextID += 1
    }
    return slots[object.offset].firstID
  }

  /// Starts a lifetime: the object's first row takes its first id, a later one the next free id.
  private mutating func start(_ object: ObjectID, at line: Int) {
    if slots[object.offset].stored {
      slots[object.offset].liveID = nextID
      nextID += 1
    } else {
      slots[object.offset].liveID = firstID(object)
    }
    slots[object.offset].lines = line...line
    slots[object.offset].appearances = .zero
  }

  private mutating func end(_ object: ObjectID) -> ControllerRow {
    let slot = slots[object.offset]
    if let className = slot.className { classes.insert(className) }
    slots[object.offset].liveID = 0
    slots[object.offset].stored = true
    return ControllerRow(
      id: slot.liveID, address: slot.address, className: slot.className, kind: slot.kind, lines: slot.lines,
      appearances: slot.appearances)
  }
}
