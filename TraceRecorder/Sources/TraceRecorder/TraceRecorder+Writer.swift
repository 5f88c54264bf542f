/// The writer thread: takes full chunks off the buffer, compresses and writes them without
/// holding the lock, and at every flush interval (or ``TraceRecorder/flush()``) seals the
/// current chunk too and makes the file readable up to it.
extension TraceRecorder {
  func runWriter() {
    let lock = buffer.lock
    let interval = UInt64(max(0.001, configuration.flushInterval) * 1e9)
    let taken = UnsafeMutableBufferPointer<(chunk: Int, bytes: UnsafeRawBufferPointer, events: Int)>.allocate(
      capacity: buffer.chunkCount)
    defer { taken.deallocate() }
    var deadline = MonotonicClock.nanoseconds() + interval
    /// Bytes of the other trace files in the directory, for the total cap.
    var otherBytes = directory.prune(keeping: fileURL) - file.bytesWritten
    /// Events the writer could not write (file full or failed), not yet in a `dropped` record.
    var lostByWriter = 0
    lock.lock()
    while true {
      while buffer.queued == 0, !stopping, flushRequests == flushesDone, MonotonicClock.nanoseconds() < deadline {
        lock.wait(untilUptime: deadline)
      }
      let serving = flushRequests
      let finishing = stopping
      let flushDue = finishing || serving > flushesDone || MonotonicClock.nanoseconds() >= deadline
      if flushDue {
        if buffer.pendingDrops > 0, let start = buffer.reserve(128) {
          var encoder = RecordEncoder(at: start, vocabulary: vocabulary)
          writeDropped(buffer.pendingDrops, at: MonotonicClock.nanoseconds() &- sessionStart, into: &encoder)
          buffer.commit(until: UnsafeMutableRawPointer(encoder.cursor), events: 0)
        }
        if buffer.canSeal { buffer.seal() }
      }
      var count = 0
      while let item = buffer.takeQueued() {
        taken[count] = item
        count += 1
      }
      // Everything recorded so far is in `taken` (or written before): a flush now covers it. With
      // no free chunk to replace the current one, the queue is written first and the flush
      // completes on the next turn.
      let flushing = flushDue && buffer.currentIsEmpty && buffer.pendingDrops == 0
      let sealedAt = flushing ? MonotonicClock.nanoseconds() : 0
      lock.unlock()

      for item in taken[..<count] {
        if file.failure != nil || file.bytesWritten + otherBytes >= configuration.maxTotalBytes {
          lostByWriter += item.events
        } else {
          file.write(item.bytes)
        }
      }
      if flushing {
        file.flush()
        if serving > flushesDone { file.synchronize() }
        if file.bytesWritten + otherBytes > configuration.maxTotalBytes {
          otherBytes = directory.prune(keeping: fileURL) - file.bytesWritten
        }
      }

      lock.lock()
      for item in taken[..<count] { buffer.recycle(item.chunk) }
      if lostByWriter > 0 {
        buffer.lose(lostByWriter)
        lostByWriter = 0
      }
      if flushing {
        deadline = MonotonicClock.nanoseconds() + interval
        flushesDone = max(flushesDone, serving)
        flushedThrough = sealedAt
        lock.signal()
        if finishing { break }
      }
    }
    lock.unlock()
    file.finish()
    lock.lock()
    writerFinished = true
    lock.signal()
    lock.unlock()
  }
}
