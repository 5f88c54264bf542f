/// The objects one session mentions: each address gets an ``ObjectID`` on first sight, and
/// keeps the class and container kind the trace declared for it. Addresses are reused after
/// deallocation: a record giving another class for an address names a new object there.
public final class SessionSymbols {
  /// What an object was used as in the trace (an address can be both over a session, since
  /// memory is reused after deallocation).
  public struct Roles: OptionSet, Sendable {
    /// The roles' bits.
    public let rawValue: UInt8
    /// The roles with bits `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Used as a view controller.
    public static let viewController = Roles(rawValue: 1)
    /// Used as a `UIPopoverController`.
    public static let popover = Roles(rawValue: 2)
    /// Used as a window.
    public static let window = Roles(rawValue: 4)
  }

  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private var interner = ByteInterner()
  @exclusivity(unchecked) private var addresses: [String] = []
  @exclusivity(unchecked) private var classNames: [String?] = []
  @exclusivity(unchecked) private var kinds: [ContainerKind?] = []
  @exclusivity(unchecked) private var roles: [Roles] = []

  /// The symbols of a session that has named no object yet.
  public init() {}

  /// How many ids are in use or free for reuse; ids run from 0 to `count - 1`.
  public var count: Int { addresses.count }
  /// How many ids were released and not yet given to another address.
  public var freeCount: Int { interner.freeCount }

  /// The id of the object at `address` (UTF-8 bytes), numbering it if new.
  @inline(__always)
  public func intern(_ address: UnsafeRawBufferPointer, as role: Roles) -> ObjectID {
    let (index, isNew) = interner.intern(address)
    if isNew {
      noteNew(index, address: address, role: role)
    } else if !roles[index].contains(role) {
      roles[index].insert(role)
    }
    return ObjectID(index)
  }

  /// Records the address and role of a newly numbered object.
  private func noteNew(_ index: Int, address: UnsafeRawBufferPointer, role: Roles) {
    if index < addresses.count {
      addresses[index] = String(decoding: address, as: UTF8.self)
      roles[index] = role
      if tracksRecycling {
        reused.append(ObjectID(index))
        declarations &+= 1
      }
    } else {
      addresses.append(String(decoding: address, as: UTF8.self))
      classNames.append(nil)
      kinds.append(nil)
      roles.append(role)
    }
  }

  /// The id of the object at `address`, numbering it if new.
  public func intern(_ address: String, as role: Roles = .viewController) -> ObjectID {
    var address = address
    return address.withUTF8 { intern(UnsafeRawBufferPointer($0), as: role) }
  }

  /// Records the class (and container kind) the trace gave for `id`; the first one wins.
  /// A class named after a UIKit container implies its kind unless one was declared.
  public func declare(_ id: ObjectID, className: String?, kind: ContainerKind?) {
    var changed = false
    if let className, classNames[id.offset] == nil {
      classNames[id.offset] = className
      changed = true
      if kinds[id.offset] == nil, kind == nil, let implied = ContainerKind(impliedByClass: className) {
        kinds[id.offset] = implied
      }
    }
    if let kind, kinds[id.offset] == nil {
      kinds[id.offset] = kind
      changed = true
    }
    if changed { noteDeclared(id) }
  }

  /// How many times a record gave an object a class or kind it did not have (a new class
  /// included), or, with ``tracksRecycling``, numbered a new object with a released id: a reader
  /// on the decoding side compares it after each record to hand the change on (a store keeps
  /// each class an address had, with the lines it had it).
  public private(set) var declarations = 0
  /// The object of the latest such change: the controller of the record that made it.
  public private(set) var lastDeclared = ObjectID(0)

  private func noteDeclared(_ id: ObjectID) {
    declarations &+= 1
    lastDeclared = id
  }

  /// Addresses that took a new class since ``takeRenewed()`` was last called: a new object
  /// lives there (the old one was freed and its memory reused).
  @exclusivity(unchecked) private var renewed: [ObjectID] = []

  /// Whether an address took a new class since ``takeRenewed()`` was last called. (Asked once
  /// per event; read here, where `renewed` is declared, the read skips the runtime's access
  /// check, which another module's read of the property would make.)
  public var hasRenewed: Bool { !renewed.isEmpty }

  /// Gives `id` a new class: the object at its address is not the one it named before.
  public func redeclare(_ id: ObjectID, className: String, kind: ContainerKind?) {
    classNames[id.offset] = className
    kinds[id.offset] = kind ?? ContainerKind(impliedByClass: className)
    renewed.append(id)
    noteDeclared(id)
  }

  /// The addresses renewed since the last call, emptying the list.
  public func takeRenewed() -> [ObjectID] {
    defer { renewed.removeAll() }
    return renewed
  }

  /// How many ids a session's objects take before `check` and `ingest` release the ids of view
  /// controllers, to bound memory: the default bound (`too-many-objects`).
  public static let idsBeforeRelease = 1 << 16

  /// Whether ``release(_:)`` and the reuse of a released id are listed for a reader on the
  /// decoding side (``takeReleased()``, ``takeReused()``): an ingest, whose writer keeps a row
  /// per object, sets it before the session's first record.
  public var tracksRecycling = false
  @exclusivity(unchecked) private var released: [ObjectID] = []
  @exclusivity(unchecked) private var reused: [ObjectID] = []

  /// The ids released since the last call, emptying the list.
  public func takeReleased() -> [ObjectID] {
    defer { released.removeAll(keepingCapacity: true) }
    return released
  }

  /// The released ids given to a new address since the last call, emptying the list.
  public func takeReused() -> [ObjectID] {
    defer { reused.removeAll(keepingCapacity: true) }
    return reused
  }

  /// Forgets `id` (its address, class and roles): the next new address takes the id. Only for a
  /// replay that no longer refers to `id` anywhere and needs no list of every object, or an
  /// ingest that ended the id's rows (``tracksRecycling``).
  public func release(_ id: ObjectID) {
    guard !roles[id.offset].isEmpty else { return }
    if tracksRecycling { released.append(id) }
    interner.remove(id.offset)
    addresses[id.offset] = ""
    classNames[id.offset] = nil
    kinds[id.offset] = nil
    roles[id.offset] = []
  }

  /// The address `id` stands for, as the trace wrote it; empty for a released id.
  public func address(of id: ObjectID) -> String { addresses[id.offset] }
  /// The class the trace declared for `id`, if it did.
  public func className(of id: ObjectID) -> String? { classNames[id.offset] }
  /// The container kind (navigation, tab bar, split view…) the trace declared for `id`, if it did.
  public func kind(of id: ObjectID) -> ContainerKind? { kinds[id.offset] }
  /// What `id` was used as; empty for a released id.
  public func roles(of id: ObjectID) -> Roles { roles[id.offset] }

  /// How messages name a controller: `BNRDetailViewController 0xc3`, or the bare address
  /// when the trace never gave its class.
  public func describe(_ id: ObjectID) -> String {
    Self.describe(className: classNames[id.offset], address: addresses[id.offset])
  }

  /// How messages name a controller of class `className` (nil: not given) at `address`.
  @inline(__always)
  public static func describe(className: String?, address: String) -> String {
    if let className { return "\(className) \(address)" }
    return address
  }
}
