extension CountedTree {
    /// The number of elements at the start (or, `fromEnd`, at the end) of this tree and `other`
    /// that are alike, at most `limit`: a node the two trees share counts whole without being
    /// read (copies share every node a change did not touch); elsewhere `same` compares the
    /// elements pair by pair, and `visit` sees each pair it found alike with its distance from
    /// that end. The count may stop short of the longest common end where the two trees'
    /// heights differ, never past it.
    ///
    /// - Complexity: O(order × height) plus the elements compared, when the two trees share all
    ///   but the chunks a few changes copied.
    func commonEndCount(with other: CountedTree, fromEnd: Bool, limit: Int,
                        same: (Element, Element) -> Bool, visit: (Int, Element, Element) -> Void) -> Int {
        var mine = root, theirs = other.root
        var myHeight = height, theirHeight = other.height
        while myHeight > theirHeight {
            mine = fromEnd ? mine.children[mine.children.count - 1] : mine.children[0]
            myHeight -= 1
        }
        while theirHeight > myHeight {
            theirs = fromEnd ? theirs.children[theirs.children.count - 1] : theirs.children[0]
            theirHeight -= 1
        }
        var counted = 0
        _ = Self.countCommonEnd(mine, theirs, fromEnd: fromEnd, limit: limit, counted: &counted, same: same, visit: visit)
        return counted
    }

    /// Adds to `counted` the elements alike at one end of `mine` and `theirs` (of one height),
    /// up to `limit` in all; returns whether every element of both was alike.
    private static func countCommonEnd(_ mine: Node, _ theirs: Node, fromEnd: Bool, limit: Int, counted: inout Int,
                                       same: (Element, Element) -> Bool, visit: (Int, Element, Element) -> Void) -> Bool {
        if mine === theirs && mine.count <= limit - counted {
            counted += mine.count
            return true
        }
        let width = Swift.min(mine.width, theirs.width)
        for step in 0..<width {
            let (myIndex, theirIndex) = fromEnd ? (mine.width - 1 - step, theirs.width - 1 - step) : (step, step)
            if mine.isLeaf {
                let (element, otherElement) = (mine.elements[myIndex], theirs.elements[theirIndex])
                guard counted < limit, same(element, otherElement) else { return false }
                visit(counted, element, otherElement)
                counted += 1
            } else if !countCommonEnd(mine.children[myIndex], theirs.children[theirIndex], fromEnd: fromEnd, limit: limit,
                                      counted: &counted, same: same, visit: visit) {
                return false
            }
        }
        return mine.width == theirs.width
    }
}
