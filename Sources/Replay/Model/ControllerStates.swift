/// The state of each object a session named, at its id's ``ObjectID/offset``, in storage of its
/// own: a state is read and changed in place through its address. (An array's element accessors
/// are coroutines, which the optimizer sometimes leaves as calls that allocate a frame and copy
/// the whole state into it for every field read.)
struct ControllerStates: ~Copyable {
  private var base: UnsafeMutablePointer<ControllerState>
  private var capacity: Int
  /// The ids that have a state: ``indices``.
  private(set) var count = 0

  var indices: Range<Int> { 0..<count }

  init() {
    capacity = 16
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// The state at `offset`, which must be below ``count``.
  subscript(offset: Int) -> ControllerState {
    @inline(__always) unsafeAddress { UnsafePointer(address(of: offset)) }
    @inline(__always) unsafeMutableAddress { address(of: offset) }
  }

  /// Where the state at `offset`, which must be below ``count``, lives (until ``grow(to:)``).
  @inline(__always)
  func address(of offset: Int) -> UnsafeMutablePointer<ControllerState> {
    precondition(UInt(bitPattern: offset) < UInt(count), "no controller state at this offset")
    return base + offset
  }

  /// Adds fresh states up to `needed` of them.
  mutating func grow(to needed: Int) {
    guard needed > count else { return }
    if needed > capacity {
      capacity = max(needed, capacity * 2)
      let grown = UnsafeMutablePointer<ControllerState>.allocate(capacity: capacity)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
    }
    (base + count).initialize(repeating: ControllerState(), count: needed - count)
    count = needed
  }
}
