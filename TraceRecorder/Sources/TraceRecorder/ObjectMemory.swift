/// What the file already says about each object, so that it is not said again: whether the
/// object was introduced with its `class`, and the last answer it gave to each of UIKit's
/// questions. A direct-mapped cache by address: a collision or a reset only costs a repeated
/// `class` key or a repeated answer, which the reader accepts (the last answer counts).
/// Used under the recorder's lock; no allocation after init.
final class ObjectMemory {
  /// UIKit's questions whose answers are written only when they change.
  enum Question: Int, CaseIterable {
    case supportedInterfaceOrientations, shouldAutorotate, preferredInterfaceOrientation, definesPresentationContext
    case windowMask
  }

  static let slots = 4096
  /// No answer known yet.
  static let unknown = Int.min

  private let addresses: UnsafeMutablePointer<UInt>
  private let types: UnsafeMutablePointer<ObjectIdentifier?>
  private let introduced: UnsafeMutablePointer<Bool>
  /// `Question.allCases.count` answers per slot.
  private let answers: UnsafeMutablePointer<Int>

  init() {
    addresses = .allocate(capacity: Self.slots)
    addresses.initialize(repeating: 0, count: Self.slots)
    types = .allocate(capacity: Self.slots)
    types.initialize(repeating: nil, count: Self.slots)
    introduced = .allocate(capacity: Self.slots)
    introduced.initialize(repeating: false, count: Self.slots)
    answers = .allocate(capacity: Self.slots * Question.allCases.count)
    answers.initialize(repeating: Self.unknown, count: Self.slots * Question.allCases.count)
  }

  deinit {
    addresses.deallocate()
    types.deallocate()
    introduced.deallocate()
    answers.deallocate()
  }

  /// The slot of the object of class `type` at `address`. When it held another object, it now
  /// holds this one, with nothing said about it yet.
  @inline(__always)
  func slot(_ address: UInt, type: ObjectIdentifier?) -> Int {
    let slot = Int(truncatingIfNeeded: (address >> 4) ^ (address >> 16)) & (Self.slots - 1)
    if addresses[slot] != address || types[slot] != type { claim(slot, address, type) }
    return slot
  }

  /// True the first time it is asked for the object in `slot` (its class is to be written).
  @inline(__always)
  func introduce(_ slot: Int) -> Bool {
    if introduced[slot] { return false }
    introduced[slot] = true
    return true
  }

  /// The last answer written for `question` by the object in `slot`, or ``unknown``.
  @inline(__always)
  func answer(_ question: Question, in slot: Int) -> Int {
    answers[slot * Question.allCases.count + question.rawValue]
  }

  @inline(__always)
  func remember(_ value: Int, for question: Question, in slot: Int) {
    answers[slot * Question.allCases.count + question.rawValue] = value
  }

  /// Forgets the object at `address` (it was deallocated; the next one there is new).
  func forget(_ address: UInt) {
    let slot = Int(truncatingIfNeeded: (address >> 4) ^ (address >> 16)) & (Self.slots - 1)
    if addresses[slot] == address { claim(slot, 0, nil) }
  }

  /// Forgets everything: after events were dropped, what the file says is no longer known
  /// (a dropped `dealloc` may have freed an address a new object now has).
  func forgetAll() {
    for slot in 0..<Self.slots { claim(slot, 0, nil) }
  }

  private func claim(_ slot: Int, _ address: UInt, _ type: ObjectIdentifier?) {
    addresses[slot] = address
    types[slot] = type
    introduced[slot] = false
    (answers + slot * Question.allCases.count).update(repeating: Self.unknown, count: Question.allCases.count)
  }
}
