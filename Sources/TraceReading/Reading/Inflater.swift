import TraceModel

/// How a compressed stream ended.
enum StreamEnding: Equatable {
  /// The last member ended cleanly at the end of the input.
  case complete
  /// The input ended inside a member (no end-of-stream marker or trailer).
  case truncated
  /// The decompressor rejected the data: its name and message ("zlib: incorrect data check").
  case corrupt(String)
  /// The stream ended cleanly but this many bytes follow that are not another gzip member.
  case trailingData(Int)
  /// A zlib stream that needs a preset dictionary (`FDICT`), which the file cannot carry.
  case presetDictionary
}

/// The library that inflates a trace.
enum DeflateLibrary: CaseIterable, Sendable {
  /// zlib: everywhere; the only one on Apple platforms.
  case zlib
  #if ISAL && canImport(CISAL)
    /// Intel ISA-L (igzip), about twice as fast as zlib: Linux builds with the `ISAL` trait.
    case isal
  #endif

  /// The library's name in messages.
  var name: String {
    switch self {
    case .zlib: "zlib"
    #if ISAL && canImport(CISAL)
      case .isal: "ISA-L"
    #endif
    }
  }

  /// ISA-L in a build with the `ISAL` trait (Linux), else zlib.
  static var fastest: DeflateLibrary {
    #if ISAL && canImport(CISAL)
      .isal
    #else
      .zlib
    #endif
  }

  /// The library the inflaters created in this task use: ``fastest`` unless a test runs the
  /// reader with each one.
  @TaskLocal static var current: DeflateLibrary = fastest
}

/// What one call of a ``MemberDecoder`` did.
struct DecodeStep {
  /// What the decoder found after the bytes it consumed.
  enum Outcome {
    /// More input or more room is needed; the member goes on.
    case decoding
    /// The member ended, trailer checked. The decoder read this many bytes past it that it could
    /// not hand back (they were consumed by an earlier call); the rest of the input is untouched.
    case memberEnded(readPast: Int)
    /// A zlib stream that needs a preset dictionary.
    case needsDictionary
    /// Damaged data: the decoder's message, in zlib's words where zlib has them.
    case corrupt(String)
  }

  var consumed: Int
  var written: Int
  var outcome: Outcome
}

/// One gzip or zlib member at a time, decoded by one library. ``Inflater`` holds the logic
/// common to both: members, endings, trailing data.
protocol MemberDecoder: AnyObject {
  /// Decodes what it can of `input` into `output` (never empty).
  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> DecodeStep
  /// Starts the next gzip member after ``DecodeStep/Outcome/memberEnded``.
  func startMember()
}

/// Streaming gzip / zlib decompression into caller-provided buffers. Reads every member of
/// a multi-member gzip file (`cat a.gz b.gz`).
final class Inflater {
  private let input: InputBuffer
  private let compression: Compression
  private let library: DeflateLibrary
  private let decoder: any MemberDecoder
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private(set) var ending: StreamEnding?
  /// Whether the text of the last ``fill(_:)`` begins a gzip member after the first (a fill
  /// never spans two members, so that the reader can tell where each one starts).
  @exclusivity(unchecked) private(set) var startsMember = false
  @exclusivity(unchecked) private var nextStartsMember = false

  init(input: InputBuffer, compression: Compression, library: DeflateLibrary = .current) throws {
    precondition(compression != .none)
    self.input = input
    self.compression = compression
    self.library = library
    switch library {
    case .zlib: decoder = try ZlibDecoder(compression: compression)
    #if ISAL && canImport(CISAL)
      case .isal: decoder = ISALDecoder(compression: compression)
    #endif
    }
  }

  /// Decompresses into `output`; returns how many bytes were written, 0 once the stream has
  /// ended (then ``ending`` says how).
  func fill(_ output: UnsafeMutableRawBufferPointer) throws -> Int {
    guard ending == nil else { return 0 }
    startsMember = nextStartsMember
    nextStartsMember = false
    var written = 0
    while written < output.count && ending == nil {
      // At the end of the source the decoder still runs: it may hold decoded text.
      let sourceEnded = input.count == 0 ? try !input.refill() : false
      let step = try decoder.decode(
        UnsafeRawBufferPointer(input.unread), into: UnsafeMutableRawBufferPointer(rebasing: output[written...]))
      input.consume(step.consumed)
      written += step.written
      switch step.outcome {
      case .decoding where sourceEnded:
        if step.written == 0 { ending = .truncated }
      case .decoding:
        if step.consumed == 0 && step.written == 0 { ending = .corrupt("\(library.name): made no progress") }
      case .memberEnded(let readPast):
        try finishMember(readPast: readPast)
        if ending == nil {
          // A new member: it starts the next fill, or this one when nothing was written yet.
          if written > 0 {
            nextStartsMember = true
            return written
          }
          startsMember = true
        }
      case .needsDictionary:
        ending = .presetDictionary
      case .corrupt(let reason):
        ending = .corrupt("\(library.name): \(reason)")
      }
    }
    return written
  }

  /// A member ended: go on with the next gzip member, or decide how the stream ended.
  private func finishMember(readPast: Int) throws {
    try input.ensure(2)
    if input.count == 0 && readPast == 0 {
      ending = .complete
    } else if compression == .gzip, readPast == 0, input.count >= 2, input.unread[0] == 0x1f, input.unread[1] == 0x8b {
      decoder.startMember()
    } else {
      var extra = readPast + input.count
      input.consume(extra)
      try input.drain { extra += $0.count }
      ending = .trailingData(extra)
    }
  }
}
