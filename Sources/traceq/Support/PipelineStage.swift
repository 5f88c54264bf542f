import Foundation
import TraceSupport

/// The second stage of a pipeline: `work` takes the values sent, in order, on a thread of its
/// own while the sender goes on with the next ones, and builds a product handed back once the
/// last value is done (``finish()``). At most `capacity` values wait between the threads (the
/// sender waits for room), so memory stays bounded whatever the input's length.
///
/// Values and the product are handed over, not shared: the sender keeps no reference to a value
/// it sent, and `work` none to the product once it is handed back. `work` does not throw: what
/// can fail stays with the sender.
final class PipelineStage<Value, Product> {
  private let values: BoundedChannel<HandedOver<Value>, Void>
  private let done: BoundedChannel<Never, HandedOver<Product>>

  /// Starts the stage's thread, named `name`, with `product` as `work` starts it.
  init(name: String, capacity: Int, product: Product, work: @escaping (Value, inout Product) -> Void) {
    let values = BoundedChannel<HandedOver<Value>, Void>(capacity: capacity)
    let done = BoundedChannel<Never, HandedOver<Product>>(capacity: 1)
    self.values = values
    self.done = done
    let start = HandedOver(product)
    // Handed over, not shared: only the stage's thread calls `work`.
    nonisolated(unsafe) let work = work
    let thread = Thread {
      var product = start.value
      while case .value(let value) = values.receive() { work(value.value, &product) }
      done.close(HandedOver(product))
    }
    thread.name = name
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// A sender that stops early (its input failed) lets the thread end.
  deinit { values.close(()) }

  /// Hands `value` to the stage; waits while `capacity` values wait already.
  func send(_ value: Value) {
    values.send(HandedOver(value))
  }

  /// Waits until every value sent is done and hands back the product. Called once, after the
  /// last ``send(_:)``.
  func finish() -> Product {
    values.close(())
    guard case .end(let product) = done.receive() else { preconditionFailure("the stage sends no values") }
    return product.value
  }
}

/// A value that crosses to another thread and is no longer used where it came from. Unchecked
/// `Sendable`: one thread at a time holds it, and the channel that carries it orders the two.
private struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
