/// The type an `any Sendable` existential holds (what opening it gives), read from its container
/// in place: the word after the container's three-word inline buffer, in the opaque existential
/// layout of Swift's stable ABI. No copy of the item and no call, for passes over many items that
/// only ask whether an item's stored type is one they already looked at.
///
/// Trusted only after a check: ``existentialLayoutHolds`` compares the word of sample items with
/// their types once per process; when it does not hold, ``storedTypeWord(_:)`` answers `nil` and
/// callers take their general path (a cast per item).
@inline(__always)
func storedTypeWord(_ item: UnsafePointer<any Sendable>) -> UnsafeRawPointer? {
    guard existentialLayoutHolds else { return nil }
    return _containerTypeWord(item)
}

/// The word after the three-word inline buffer of the existential at `item`: the type it
/// holds in the opaque existential layout. Unchecked: callers either checked
/// ``existentialLayoutHolds`` or compare the word with one type and fall back to a cast.
@inlinable @inline(__always)
func _containerTypeWord(_ item: UnsafePointer<any Sendable>) -> UnsafeRawPointer? {
    UnsafeRawPointer(item).load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
}

/// `type` as the word ``storedTypeWord(_:)`` reads for the items that store it.
@inlinable @inline(__always)
func storedTypeWord(of type: Any.Type) -> UnsafeRawPointer { unsafeBitCast(type, to: UnsafeRawPointer.self) }

/// Whether an `any Sendable` is four words whose last is the stored type's metadata, checked on
/// items inline, boxed and of a class.
let existentialLayoutHolds: Bool = {
    struct Large: Sendable { var words: (Int, Int, Int, Int) = (1, 2, 3, 4) }
    final class Instance: Sendable {}
    guard MemoryLayout<any Sendable>.size == 4 * MemoryLayout<UnsafeRawPointer>.stride else { return false }
    let samples: [any Sendable] = [1, "s", Large(), Instance(), Optional(2)]
    let types: [Any.Type] = [Int.self, String.self, Large.self, Instance.self, Int?.self]
    return samples.withUnsafeBufferPointer { samples in
        samples.indices.allSatisfy { index in
            _containerTypeWord(samples.baseAddress! + index) == storedTypeWord(of: types[index])
        }
    }
}()
