/// The two steps every diff entry point takes before the C core: the common prefix matched by
/// comparing ids directly, then the fingerprints of the rest.

/// The length of the common prefix of `old` and `new` by id (no fingerprint, no table), with an
/// update appended to `updates` for each of its pairs that `isChanged` says changed, in order.
/// O(prefix).
@inlinable @inline(__always)
internal func _matchCommonPrefix<Identity: _DiffIdentity>(
    _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>,
    identity: Identity, isChanged: (Identity.Element, Identity.Element) -> Bool, updates: inout [Changeset.Update]
) -> Int {
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter {
        let oldElement = old[prefix], newElement = new[prefix]
        guard identity.id(of: oldElement) == identity.id(of: newElement) else { break }
        if isChanged(oldElement, newElement) { updates.append(Changeset.Update(old: prefix, new: prefix)) }
        prefix += 1
    }
    return prefix
}

/// Writes the fingerprint of the id of every element of `old` and `new` into `arrays` (the
/// diff's input). O(n + m).
///
/// From the last element to the first, so that the fingerprints written last, the ones still in
/// the cache, are the first ones the C core's walk reads (it goes forwards from the common
/// prefix): 1-4% off DiffBenchmarks' mix-1k to mix-1M and dk100k rows (reversed-100k, whose
/// common suffix is read from the end, 1% slower). Written as `while` loops: through
/// `(0..<count).reversed()` Int ids take 3% more instructions per diff (the mix-1k row of
/// `make instructions`) and 16% on its update-since-10k row.
@inlinable @inline(__always)
internal func _writeFingerprints<Identity: _DiffIdentity>(
    _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>, identity: Identity,
    into arrays: (old: UnsafeMutablePointer<UInt64>, new: UnsafeMutablePointer<UInt64>)
) {
    @inline(__always)
    func write(_ elements: UnsafeBufferPointer<Identity.Element>, into fingerprints: UnsafeMutablePointer<UInt64>) {
        var k = elements.count
        while k > 0 {
            k &-= 1
            fingerprints[k] = identity.fingerprint(of: identity.id(of: elements[k]))
        }
    }
    write(old, into: arrays.old)
    write(new, into: arrays.new)
}
