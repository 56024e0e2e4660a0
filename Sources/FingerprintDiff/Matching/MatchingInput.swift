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
/// prefix). Measured (`DiffBenchmarks`, sixteen alternated runs, medians): dk5k 38.4 -> 37.5 µs,
/// dk100k 1.02 -> 1.00 ms, append-100k 87.0 -> 84.5 µs; mix-10k and mix-1M within their
/// spread; reversed-100k 3.21 -> 3.24 ms (eight runs), whose common suffix is read from the end.
@inlinable @inline(__always)
internal func _writeFingerprints<Identity: _DiffIdentity>(
    _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>, identity: Identity,
    into arrays: (old: UnsafeMutablePointer<UInt64>, new: UnsafeMutablePointer<UInt64>)
) {
    for i in (0..<old.count).reversed() { arrays.old[i] = identity.fingerprint(of: identity.id(of: old[i])) }
    for j in (0..<new.count).reversed() { arrays.new[j] = identity.fingerprint(of: identity.id(of: new[j])) }
}
