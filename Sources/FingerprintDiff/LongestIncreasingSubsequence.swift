/// Which elements of `values` form one longest strictly increasing subsequence (patience
/// sorting with back links). O(n) when `values` already increase, else O(n log n) time;
/// O(n) memory.
func longestIncreasingSubsequenceMask(_ values: [Int]) -> [Bool] {
    // Usually nothing moved: then the whole run is the answer, found in one pass.
    if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
        return [Bool](repeating: true, count: values.count)
    }
    var tails: [Int] = []  // tails[k]: position of the smallest tail of an increasing run of length k + 1
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var mask = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
        mask[position] = true
        position = previous[position]
    }
    return mask
}
