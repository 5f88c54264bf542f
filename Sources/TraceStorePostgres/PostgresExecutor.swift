import Dispatch

/// Where the tasks that talk to PostgreSQL run: on Dispatch's threads, not on Swift's
/// cooperative pool. traceq's synchronous callers block their thread while such a task runs
/// (``PostgresLink``); when that thread is itself one of the pool's (a test, or any async
/// caller), a task on the pool could be left without a thread to run on.
@available(macOS 15, iOS 18, *)
final class PostgresExecutor: TaskExecutor {
  static let shared = PostgresExecutor()

  private let queue = DispatchQueue(label: "traceq.postgres", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

/// Starts `body` as a task on ``PostgresExecutor`` (where the platform has task executors).
func startPostgresTask(_ body: @escaping @Sendable () async -> Void) {
  if #available(macOS 15, iOS 18, *) {
    Task(executorPreference: PostgresExecutor.shared, operation: body)
  } else {
    Task(operation: body)
  }
}
