/// The positions of `values` outside one longest strictly increasing subsequence, ascending:
/// the elements that must move so that the rest stay in place (patience sorting with back
/// links). Empty, after one pass and without allocating, when `values` already increase.
/// O(n log n) time and O(n) memory otherwise.
func positionsOutsideLongestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    values.withUnsafeBufferPointer { values in
        // Usually nothing moved: then the whole run is the answer.
        var increasing = true
        if values.count > 1 {
            for position in 1..<values.count where values[position - 1] >= values[position] {
                increasing = false
                break
            }
        }
        if increasing { return [] }
        var tails: [Int] = []  // tails[k]: position of the smallest tail of an increasing run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for position in 0..<values.count {
            let value = values[position]
            // Nearly sorted input mostly extends the longest run: no search then.
            var low = tails.count
            var high = tails.count
            if let last = tails.last, values[last] >= value { low = 0 }
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var inSubsequence = [Bool](repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            inSubsequence[position] = true
            position = previous[position]
        }
        var outside: [Int] = []
        outside.reserveCapacity(values.count - tails.count)
        for position in 0..<values.count where !inSubsequence[position] { outside.append(position) }
        return outside
    }
}
