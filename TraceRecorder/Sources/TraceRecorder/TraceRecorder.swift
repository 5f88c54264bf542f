import Foundation

/// Records what an app's view controllers do, in the trace format `traceq` reads.
///
/// Each call (``viewWillAppear(_:animated:)``, ``push(_:on:animated:)``…) encodes one record into
/// a preallocated buffer under a short lock and returns; a background thread compresses the
/// records and writes them to this launch's file, flushing at least every
/// ``RecorderConfiguration/flushInterval`` so that a crash loses at most that much. Calls are
/// safe from any thread. When the disk falls behind and the buffer is full, events are dropped
/// and counted, and a `dropped` record says how many. When a write fails (the disk is full), the
/// file keeps what it had and the rest of the launch is counted in ``statistics`` as dropped.
///
/// ```swift
/// let recorder = try TraceRecorder.start(SessionHeader(idiom: .pad, osText: "17.4", app: "Homepwner"))
/// recorder.viewWillAppear(itemsController, animated: false)
/// ```
public final class TraceRecorder: @unchecked Sendable {
  /// The recorder started last and not stopped: the one hooks write to. Safe from any thread.
  public static var current: TraceRecorder? { currentRecorder.value }
  static let currentRecorder = LockedReference<TraceRecorder>()

  /// What this recorder was started with.
  public let configuration: RecorderConfiguration
  /// This launch's file.
  public let fileURL: URL

  let buffer: EventBuffer
  let vocabulary = RecordVocabulary()
  let classes: ClassTable
  /// What the file already says about each object: its class, its last answers.
  let memory = ObjectMemory()
  /// The monotonic clock when the session started: `t` counts from here.
  let sessionStart: UInt64
  let file: TraceFile
  let directory: TraceDirectory

  // Shared with the writer thread, under `buffer.lock`.
  var stopping = false
  var writerFinished = false
  var flushRequests = 0
  var flushesDone = 0
  /// The monotonic clock when the last completed flush sealed the buffer.
  var flushedThrough: UInt64 = 0

  /// Starts recording a session into a new file of `configuration.directory`, removing old
  /// files beyond the caps, and makes the recorder ``current`` (a recorder started before keeps
  /// recording until stopped). The header is the file's first record.
  public static func start(
    _ header: SessionHeader,
    configuration: RecorderConfiguration = RecorderConfiguration(directory: RecorderConfiguration.defaultDirectory),
    describeClass: @escaping @Sendable (AnyObject) -> ClassDescription = ClassDescription.init(of:)
  ) throws -> TraceRecorder {
    let recorder = try TraceRecorder(header, configuration: configuration, describeClass: describeClass)
    currentRecorder.replace(with: recorder)
    return recorder
  }

  /// `fileName`: the file in the directory, instead of a new name (tests).
  init(
    _ header: SessionHeader, configuration: RecorderConfiguration,
    describeClass: @escaping @Sendable (AnyObject) -> ClassDescription, fileName: String? = nil
  ) throws {
    self.configuration = configuration
    directory = TraceDirectory(configuration: configuration)
    try FileManager.default.createDirectory(at: configuration.directory, withIntermediateDirectories: true)
    fileURL = configuration.directory.appendingPathComponent(fileName ?? directory.newFileName())
    file = try TraceFile(url: fileURL, configuration: configuration)
    directory.prune(keeping: fileURL)
    let chunkBytes = max(4096, configuration.chunkBytes)
    buffer = EventBuffer(chunkSize: chunkBytes, chunkCount: max(2, configuration.bufferBytes / chunkBytes))
    classes = ClassTable(describe: describeClass)
    sessionStart = MonotonicClock.nanoseconds()
    writeHeader(header)
    let thread = Thread { [self] in runWriter() }
    thread.name = "traceq recorder"
    thread.qualityOfService = .utility
    thread.start()
  }

  deinit { classes.free() }

  /// Since the start: events in the file or on their way to it, and events lost (the buffer
  /// was full, the file reached its cap, or a write failed).
  public var statistics: (recorded: Int, dropped: Int) {
    buffer.lock.lock()
    defer { buffer.lock.unlock() }
    return (buffer.recorded, buffer.dropped)
  }

  /// The monotonic clock (nanoseconds) when the last completed flush sealed the buffer: every
  /// event recorded before it is in the file, whatever happens to the process next (the crash
  /// test reads it, so that what it expects to survive a kill does not depend on timing).
  var flushedThroughUptime: UInt64 {
    buffer.lock.lock()
    defer { buffer.lock.unlock() }
    return flushedThrough
  }

  /// Writes everything recorded so far to the file and waits until the system has it (and the
  /// disk, `fsync`): call before an expected exit or at a test's checkpoints.
  public func flush() {
    buffer.lock.lock()
    defer { buffer.lock.unlock() }
    guard !stopping else { return }
    flushRequests += 1
    let request = flushRequests
    buffer.lock.signal()
    while flushesDone < request, !writerFinished { buffer.lock.wait() }
  }

  /// Writes what is left, ends the file and stops recording; later calls are ignored.
  public func stop() {
    buffer.lock.lock()
    if !stopping {
      stopping = true
      buffer.lock.signal()
    }
    while !writerFinished { buffer.lock.wait() }
    buffer.lock.unlock()
    Self.currentRecorder.clear(ifItIs: self)
  }

  // MARK: Encoding

  /// Encodes one event: `{"t":…,"ev":"name"`, what `body` adds, `}`. `stringBytes` counts the
  /// UTF-8 bytes of the free-text strings `body` writes (class names are bounded apart).
  @inline(__always)
  func record(_ event: EventName, stringBytes: Int = 0, _ body: (inout RecordEncoder) -> Void) {
    let bound = RecordEncoder.bound(fixed: 1024, stringBytes: stringBytes)
    buffer.lock.lock()
    defer { buffer.lock.unlock() }
    guard !stopping else { return }
    encode(event, bound: bound, body)
  }

  /// Encodes an answer UIKit got from `object` (a controller, or a window for `windowMask`) when
  /// it differs from the last one written for that object, or none was: the reader keeps the
  /// last answer, so a repeated one says nothing. `value` is the answer as an integer.
  @inline(__always)
  func answer(
    _ event: EventName, _ question: ObjectMemory.Question, of object: AnyObject?, value: Int,
    _ body: (inout RecordEncoder) -> Void
  ) {
    // No object (the main window): an address no object has.
    let address = object.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 1
    let type = object.map { ObjectIdentifier(Swift.type(of: $0)) }
    buffer.lock.lock()
    defer { buffer.lock.unlock() }
    guard !stopping, memory.answer(question, in: memory.slot(address, type: type)) != value else { return }
    guard encode(event, bound: RecordEncoder.bound(fixed: 1024), body) else { return }
    // Looked up again: a `dropped` record written first empties the memory.
    memory.remember(value, for: question, in: memory.slot(address, type: type))
  }

  /// Reserves `bound` bytes and encodes the event, after a `dropped` record when events were
  /// dropped since the last one; false when no chunk is free (the event is counted as dropped).
  /// Lock held.
  @inline(__always) @discardableResult
  private func encode(_ event: EventName, bound: Int, _ body: (inout RecordEncoder) -> Void) -> Bool {
    let now = MonotonicClock.nanoseconds() &- sessionStart
    let pending = buffer.pendingDrops
    guard let start = buffer.reserve(pending > 0 ? bound + 128 : bound) else {
      buffer.pendingDrops += 1
      buffer.dropped += 1
      return false
    }
    var encoder = RecordEncoder(at: start, vocabulary: vocabulary)
    if pending > 0 { writeDropped(pending, at: now, into: &encoder) }
    encoder.begin(event, at: now)
    body(&encoder)
    encoder.end()
    buffer.commit(until: UnsafeMutableRawPointer(encoder.cursor))
    return true
  }

  /// `{"t":…,"ev":"dropped","count":n}`, and the count starts again. What the file said about
  /// each object is forgotten: a dropped `dealloc` may have freed an address a new object now
  /// has, and a dropped answer may be the one in effect. Lock held.
  func writeDropped(_ count: Int, at now: UInt64, into encoder: inout RecordEncoder) {
    encoder.begin(.dropped, at: now)
    encoder.key(.count)
    encoder.integer(count)
    encoder.end()
    buffer.pendingDrops = 0
    memory.forgetAll()
  }

  /// `,"key":"0x…"`; for `vc`, the object's `class` (and `kind`) too, the first time this
  /// object is named. Lock held.
  @inline(__always)
  func object(_ key: RecordKey, _ object: AnyObject, into encoder: inout RecordEncoder) {
    let address = UInt(bitPattern: ObjectIdentifier(object))
    encoder.key(key)
    encoder.address(address)
    guard key == .vc else { return }
    let type = ObjectIdentifier(Swift.type(of: object))
    if memory.introduce(memory.slot(address, type: type)) {
      encoder.stored(classes.description(of: object, type: type))
    }
  }

  private func writeHeader(_ header: SessionHeader) {
    var stringBytes = 0
    for text in [header.osText, header.app, header.device, header.build] { stringBytes += text?.utf8.count ?? 0 }
    let bound = RecordEncoder.bound(fixed: 512, stringBytes: stringBytes)
    buffer.lock.lock()
    defer { buffer.lock.unlock() }
    guard let start = buffer.reserve(bound) else { return }  // a header longer than a chunk: none
    var encoder = RecordEncoder(at: start, vocabulary: vocabulary)
    encoder.beginHeader()
    if let idiom = header.idiom {
      encoder.key(.idiom)
      encoder.string(idiom.rawValue)
    }
    let texts: [(RecordKey, String?)] = [
      (.os, header.osText), (.app, header.app), (.device, header.device), (.build, header.build),
    ]
    for (key, text) in texts {
      guard let text else { continue }
      encoder.key(key)
      encoder.string(text)
    }
    if let supported = header.declaredSupported {
      encoder.key(.supported)
      encoder.integer(supported.rawValue)
    }
    encoder.key(.orientation)
    encoder.string(header.orientation.name)
    encoder.key(.requiresFullScreen)
    encoder.bool(header.requiresFullScreen)
    encoder.end()
    buffer.commit(until: UnsafeMutableRawPointer(encoder.cursor), events: 0)
  }
}
