import CFingerprintDiff

/// The positions of `values` outside one longest strictly increasing subsequence, ascending:
/// the elements that must move so that the rest stay in place. The C core's patience sorting
/// (`fd_longest_increasing_subsequence`), the one every diff uses. Empty, after one pass and
/// without allocating, when `values` already increase.
///
/// - Complexity: O(n) when already increasing; O(n + k log k) for k values out of order.
package func positionsOutsideLongestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) { return [] }
    var inLIS = [UInt8](repeating: 0, count: values.count)
    if MemoryLayout<Int>.size == MemoryLayout<Int64>.size {
        // Read in place where `Int` is 64 bits wide (not on watchOS's arm64_32).
        values.withUnsafeBufferPointer { values in
            values.withMemoryRebound(to: Int64.self) { wide in
                _check(fd_longest_increasing_subsequence(wide.baseAddress, wide.count, &inLIS, nil, nil))
            }
        }
    } else {
        let wide = values.map(Int64.init)
        _check(fd_longest_increasing_subsequence(wide, wide.count, &inLIS, nil, nil))
    }
    var outside: [Int] = []
    for position in inLIS.indices where inLIS[position] == 0 { outside.append(position) }
    return outside
}
