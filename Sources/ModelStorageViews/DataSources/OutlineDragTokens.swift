// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
/// The items a user drags inside one outline view, named on the pasteboard by a token: the
/// view's drag carries strings, and the objects it shows stand for items only while their ids
/// are in the outline, so a drop reads the dragged id back from the token and finds the item's
/// object then (an item removed during the drag drops nothing).
///
/// The tokens of earlier drags are forgotten once more than ``capacity`` are kept (a drag the
/// user let go outside the view leaves its tokens behind). O(1) per token.
struct OutlineDragTokens<ID: Hashable> {
    /// How many tokens are kept at most.
    static var capacity: Int { 256 }
    /// The dragged ids, by token.
    private var ids: [String: ID] = [:]
    /// The number of the next token.
    private var next = 0

    /// A new token naming `id`.
    mutating func token(for id: ID) -> String {
        if ids.count >= Self.capacity { ids = [:] }
        next += 1
        let token = "outline-item-\(next)"
        ids[token] = id
        return token
    }

    /// The id a drag of exactly one pasteboard item carries, `nil` for a drag of several items,
    /// of no token, or of a token from elsewhere.
    func draggedID(_ strings: [String?]) -> ID? {
        guard strings.count == 1, let token = strings[0] else { return nil }
        return ids[token]
    }
}
#endif
