import TraceModel

#if ISAL && canImport(CISAL)
  import CISAL

  /// Intel ISA-L's inflate (igzip), one member at a time, reporting damage in zlib's words.
  final class ISALDecoder: MemberDecoder {
    private let state: UnsafeMutablePointer<inflate_state>
    private let wrapper: UInt32
    /// The gzip header being read: kept between calls, as ISA-L's inflate loses a header's flags
    /// when its optional fields (name, comment, extra) arrive in more than one piece.
    private let header: UnsafeMutablePointer<isal_gzip_header>
    /// The last 8 bytes consumed, the oldest in the low byte: when a gzip trailer fails its check
    /// they are that trailer (ISA-L reads it last and says only that it does not match).
    @exclusivity(unchecked) private var lastBytes: UInt64 = 0
    /// How much of this member's gzip header ISA-L has read so far.
    @exclusivity(unchecked) private var headerBytesRead = 0

    init(compression: Compression) {
      wrapper = UInt32(compression == .gzip ? ISAL_GZIP : ISAL_ZLIB)
      state = .allocate(capacity: 1)
      UnsafeMutableRawPointer(state).initializeMemory(
        as: UInt8.self, repeating: 0, count: MemoryLayout<inflate_state>.size)
      isal_inflate_init(state)
      state.pointee.crc_flag = wrapper
      header = .allocate(capacity: 1)
      header.initialize(to: isal_gzip_header())
      isal_gzip_header_init(header)
    }

    deinit {
      state.deallocate()
      header.deallocate()
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecodeStep {
      // An empty buffer may have no address: ISA-L reads none of `avail_in`/`avail_out` = 0 bytes.
      state.pointee.next_in = input.baseAddress.map {
        UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: UInt8.self))
      }
      state.pointee.avail_in = UInt32(input.count)
      state.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
      state.pointee.avail_out = UInt32(output.count)
      var status = ISAL_DECOMP_OK
      if wrapper == ISAL_GZIP && state.pointee.wrapper_flag == 0 {
        status = isal_read_gzip_header(state, header)
        if status == ISAL_END_INPUT { status = ISAL_DECOMP_OK }
        // ISA-L ignores the reserved flags (zlib rejects them): the fourth byte of the header.
        let read = input.count - Int(state.pointee.avail_in)
        if status != ISAL_UNSUPPORTED_METHOD, headerBytesRead < 4, headerBytesRead + read >= 4,
          input[3 - headerBytesRead] & 0xE0 != 0
        {
          return DecodeStep(consumed: read, written: 0, outcome: .corrupt("unknown header flags set"))
        }
        headerBytesRead += read
      }
      if status == ISAL_DECOMP_OK && (wrapper == ISAL_ZLIB || state.pointee.wrapper_flag != 0) {
        status = isal_inflate(state)
      }
      let finished = status == ISAL_DECOMP_OK && state.pointee.block_state == ISAL_BLOCK_FINISH
      // After a zlib trailer ISA-L may hold bytes past it in its bit buffer (a gzip trailer it reads
      // exactly): hand back those this call consumed, count the others.
      let held = finished ? UInt32(state.pointee.read_in_length / 8) : 0
      let handedBack = min(held, UInt32(input.count) - min(state.pointee.avail_in, UInt32(input.count)))
      state.pointee.avail_in += handedBack
      let consumed = max(0, input.count - Int(state.pointee.avail_in))
      remember(UnsafeRawBufferPointer(rebasing: input[..<consumed]))
      let outcome: DecodeStep.Outcome
      switch status {
      case ISAL_DECOMP_OK where finished: outcome = .memberEnded(readPast: Int(held - handedBack))
      case ISAL_DECOMP_OK: outcome = partialTrailerFails() ? .corrupt("incorrect data check") : .decoding
      case ISAL_NEED_DICT: outcome = .needsDictionary
      case ISAL_INVALID_BLOCK: outcome = .corrupt("invalid deflate block")
      case ISAL_INVALID_SYMBOL: outcome = .corrupt("invalid deflate code")
      case ISAL_INVALID_LOOKBACK: outcome = .corrupt("invalid distance too far back")
      case ISAL_INVALID_WRAPPER:
        outcome = .corrupt(wrapper == ISAL_GZIP ? "invalid gzip header" : "invalid zlib header")
      case ISAL_UNSUPPORTED_METHOD: outcome = .corrupt("unknown compression method")
      case ISAL_INCORRECT_CHECKSUM: outcome = .corrupt(checksumFailure())
      default: outcome = .corrupt("status \(status)")
      }
      return DecodeStep(consumed: consumed, written: output.count - Int(state.pointee.avail_out), outcome: outcome)
    }

    func startMember() {
      isal_inflate_reset(state)
      state.pointee.crc_flag = wrapper
      isal_gzip_header_init(header)
      lastBytes = 0
      headerBytesRead = 0
    }

    private func remember(_ consumed: UnsafeRawBufferPointer) {
      if consumed.count >= 8 {
        lastBytes = UInt64(littleEndian: consumed.loadUnaligned(fromByteOffset: consumed.count - 8, as: UInt64.self))
      } else {
        for byte in consumed { lastBytes = lastBytes >> 8 | UInt64(byte) << 56 }
      }
    }

    /// zlib's message for the check that failed: the header's (gzip `FHCRC`), the data's or the length's.
    /// Whether the CRC of a gzip trailer ISA-L has read only part of fails already: zlib checks the
    /// CRC as soon as its 4 bytes are there, so a stream cut inside the length is damaged, not cut
    /// short, when the CRC does not match.
    private func partialTrailerFails() -> Bool {
      guard wrapper == ISAL_GZIP, state.pointee.block_state == ISAL_CHECKSUM_CHECK, state.pointee.tmp_in_size >= 4
      else { return false }
      let stored = withUnsafeBytes(of: &state.pointee.tmp_in_buffer) {
        UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))
      }
      return stored != state.pointee.crc
    }

    private func checksumFailure() -> String {
      if state.pointee.wrapper_flag == 0 {
        return wrapper == ISAL_GZIP ? "header crc mismatch" : "incorrect header check"
      }
      if wrapper == ISAL_ZLIB { return "incorrect data check" }
      return UInt32(truncatingIfNeeded: lastBytes) != state.pointee.crc
        ? "incorrect data check" : "incorrect length check"
    }
  }
#endif
