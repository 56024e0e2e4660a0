/// The type an `any Sendable` existential at `item` holds (what opening it gives), read from its
/// container in place: the word after the container's three-word inline buffer, in the opaque
/// existential layout of Swift's stable ABI. No copy of the item and no call, for passes over
/// many items that only ask whether an item's stored type is one they already looked at.
///
/// Unchecked: callers either checked ``existentialLayoutHolds`` (once per pass: it compares the
/// word of sample items with their types once per process) or compare the word with one type and
/// fall back to a cast.
@inlinable @inline(__always)
func _containerTypeWord(_ item: UnsafePointer<any Sendable>) -> UnsafeRawPointer? {
    UnsafeRawPointer(item).load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
}

/// `type` as the word ``_containerTypeWord(_:)`` reads for the items that store it.
@inlinable @inline(__always)
func storedTypeWord(of type: Any.Type) -> UnsafeRawPointer { unsafeBitCast(type, to: UnsafeRawPointer.self) }

/// Whether an `any Sendable` keeps a `T` in its three-word inline buffer rather than in a heap
/// box: exactly when `T` is bitwise takable, fits in the buffer and needs no more than a word's
/// alignment (the runtime's rule; its `isValueInline`). The one statement of that rule for every
/// in-place read of an existential here.
@inlinable @inline(__always)
func _isKeptInline<T>(_: T.Type) -> Bool {
    let word = MemoryLayout<UnsafeRawPointer>.stride
    return _isBitwiseTakable(T.self) && MemoryLayout<T>.size <= 3 * word && MemoryLayout<T>.alignment <= word
}

/// Where, in an `any Sendable` container that holds exactly a `T`, the value lies: in the
/// container's three-word inline buffer (``_isKeptInline(_:)``), or in the heap box whose address
/// is the buffer's first word, past the box's header: a heap object (two words) followed by the
/// value at its alignment. These are the rules of Swift's stable ABI (the runtime's
/// `projectBuffer`), checked on samples by ``existentialLayoutHolds``.
///
/// Lets a pass over many items read each one where it is stored, without copying the existential
/// out, opening it and destroying the copy.
struct ExistentialValuePlacement {
    /// Whether the value is in the inline buffer.
    let isInline: Bool
    /// The value's offset in its box when it is not inline.
    let boxOffset: Int

    /// The placement of a `T`'s value.
    init<T>(of _: T.Type) {
        let word = MemoryLayout<UnsafeRawPointer>.stride
        isInline = _isKeptInline(T.self)
        let alignmentMask = MemoryLayout<T>.alignment - 1
        boxOffset = (2 * word + alignmentMask) & ~alignmentMask
    }

    /// The address of the value the container at `item` holds, which must be exactly a `T` of
    /// this placement: valid while the container is alive and not mutated.
    @inline(__always)
    func address(in item: UnsafePointer<any Sendable>) -> UnsafeRawPointer {
        if isInline { return UnsafeRawPointer(item) }
        return UnsafeRawPointer(item).load(as: UnsafeRawPointer.self) + boxOffset
    }
}

/// Whether an `any Sendable` is four words whose last is the stored type's metadata, checked on
/// items inline, boxed and of a class, and whether ``ExistentialValuePlacement`` finds the values
/// of samples inline, boxed for their size and boxed for not being bitwise takable.
let existentialLayoutHolds: Bool = {
    struct Large: Sendable, Equatable {
        var words: (Int, Int, Int, Int) = (1, 2, 3, 4)
        static func == (lhs: Large, rhs: Large) -> Bool { lhs.words == rhs.words }
    }
    final class Instance: Sendable {}
    /// Small, but not bitwise takable (a weak reference): stored boxed.
    struct Weak: @unchecked Sendable { var marker = 7; weak var object: Instance? }
    guard MemoryLayout<any Sendable>.size == 4 * MemoryLayout<UnsafeRawPointer>.stride else { return false }
    let samples: [any Sendable] = [1, "s", Large(), Instance(), Optional(2), Weak()]
    let types: [Any.Type] = [Int.self, String.self, Large.self, Instance.self, Int?.self, Weak.self]
    return samples.withUnsafeBufferPointer { samples in
        let base = samples.baseAddress!
        let typesHold = samples.indices.allSatisfy { index in
            _containerTypeWord(base + index) == storedTypeWord(of: types[index])
        }
        return typesHold && ExistentialValuePlacement(of: Int.self).address(in: base).load(as: Int.self) == 1
            && ExistentialValuePlacement(of: Large.self).address(in: base + 2).load(as: Large.self) == Large()
            && ExistentialValuePlacement(of: Weak.self).address(in: base + 5).assumingMemoryBound(to: Weak.self).pointee.marker == 7
    }
}()
