import Foundation

@testable import TraceRecorder

// Records a legal scripted session, with every event kind of the format, from several threads
// until it is killed. `TraceRecorderTests` kills it with SIGKILL at random points and reads the
// files back. After each step a thread prints `thread step uptime-nanoseconds` on standard
// output, and after each flush the recorder completes, `flushed uptime-nanoseconds` (when the
// flush sealed the buffer), so the test knows what was recorded, and flushed, before the kill.
//
// Usage: recorder-crash-child <directory> <flush-milliseconds> <threads> [max-files]

let arguments = CommandLine.arguments
guard arguments.count >= 4, let flushMilliseconds = Double(arguments[2]), let threads = Int(arguments[3]) else {
  FileHandle.standardError.write(
    Data("usage: recorder-crash-child <directory> <flush-ms> <threads> [max-files]\n".utf8))
  exit(2)
}
var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: arguments[1]))
configuration.flushInterval = flushMilliseconds / 1000
// Chunks larger than a flush interval's events: what reaches the file before the kill is what
// the interval flushed, not what filled a chunk.
configuration.chunkBytes = 1 << 20
configuration.bufferBytes = 4 << 20
if arguments.count >= 5, let maxFiles = Int(arguments[4]) { configuration.maxFiles = maxFiles }
let header = SessionHeader(
  idiom: .pad, osText: "16.4", app: "CrashChild", device: "iPad13,4", build: "1", declaredSupported: .all,
  orientation: .portrait, requiresFullScreen: false)
let recorder = try TraceRecorder.start(header, configuration: configuration)
let script = CrashScript(recorder)
script.launch()

runSteps(script, recorder: recorder, threads: threads)
while true { sleep(1) }

/// Starts `threads` threads taking turns at the script's steps, and one recording console lines
/// outside the script's turns.
func runSteps(_ script: CrashScript, recorder: TraceRecorder, threads: Int) {
  let lock = NSLock()
  for thread in 0..<threads {
    Thread.detachNewThread {
      var step = 0
      while true {
        step += 1
        lock.lock()
        script.step(thread: thread, number: step)
        lock.unlock()
        FileHandle.standardOutput.write(Data("\(thread) \(step) \(Uptime.nanoseconds())\n".utf8))
        usleep(10_000)  // an app's pace rather than a benchmark's: the traces stay quick to check
      }
    }
  }
  Thread.detachNewThread {
    var flushed: UInt64 = 0
    while true {
      let latest = recorder.flushedThroughUptime
      if latest != flushed {
        flushed = latest
        FileHandle.standardOutput.write(Data("flushed \(latest)\n".utf8))
      }
      usleep(1000)
    }
  }
  Thread.detachNewThread {
    var count = 0
    while true {
      count += 1
      recorder.console("background worker heartbeat \(count)")
      usleep(2000)
    }
  }
}
