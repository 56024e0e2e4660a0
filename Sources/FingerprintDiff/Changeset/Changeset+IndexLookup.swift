extension Changeset {
    /// Where an id was and where it is, in the two lists a changeset was computed from
    /// (IGListKit's `oldIndexForIdentifier:` and `newIndexForIdentifier:`): built once, then
    /// O(1) on average per look-up. For a repeated id, the first occurrence.
    public struct IndexLookup<ID: Hashable> {
        private let oldIndexes: [ID: Int]
        private let newIndexes: [ID: Int]

        /// The look-up of the ids `old` and `new`, in order. O(old.count + new.count).
        public init(old: some Sequence<ID>, new: some Sequence<ID>) {
            oldIndexes = Self.firstIndexes(old)
            newIndexes = Self.firstIndexes(new)
        }

        /// The look-up of the ids of `old` and `new` elements, read by `id`.
        public init<Element>(old: [Element], new: [Element], id: (Element) -> ID) {
            self.init(old: old.lazy.map(id), new: new.lazy.map(id))
        }

        /// The index of `id` in the old list, or `nil` when it was not there.
        public func oldIndex(of id: ID) -> Int? { oldIndexes[id] }

        /// The index of `id` in the new list, or `nil` when it is not there (deleted).
        public func newIndex(of id: ID) -> Int? { newIndexes[id] }

        private static func firstIndexes(_ ids: some Sequence<ID>) -> [ID: Int] {
            var indexes: [ID: Int] = [:]
            for (offset, id) in ids.enumerated() where indexes[id] == nil { indexes[id] = offset }
            return indexes
        }
    }
}

extension Changeset.IndexLookup: Sendable where ID: Sendable {}

extension Changeset.IndexLookup where ID: Hashable {
    /// The look-up of `Identifiable` elements by their ids.
    public init<Element: Identifiable>(old: [Element], new: [Element]) where Element.ID == ID {
        self.init(old: old, new: new, id: \.id)
    }
}
