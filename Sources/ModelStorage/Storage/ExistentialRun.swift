/// `count` `any Sendable` existentials a fixed stride apart in memory, read in place: the models
/// of an array of them, or the model field of a run of stored items, handed to a pass over many
/// items a run at a time instead of an address (and a closure call) per item.
struct ExistentialRun {
    /// The first existential.
    let first: UnsafePointer<any Sendable>
    /// The number of existentials.
    let count: Int
    /// The distance in bytes from one existential to the next.
    let stride: Int

    /// The existentials of `items`, an array's storage.
    init(_ items: UnsafeBufferPointer<any Sendable>) {
        first = items.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<any Sendable>.alignment)!
        count = items.count
        stride = MemoryLayout<any Sendable>.stride
    }

    /// A run of `count` existentials from `first`, `stride` bytes apart.
    init(first: UnsafePointer<any Sendable>, count: Int, stride: Int) {
        (self.first, self.count, self.stride) = (first, count, stride)
    }

    /// The existential at `index` (in `0..<count`). O(1).
    @inline(__always)
    subscript(index: Int) -> UnsafePointer<any Sendable> {
        (UnsafeRawPointer(first) + index * stride).assumingMemoryBound(to: (any Sendable).self)
    }
}
