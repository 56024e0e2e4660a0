/// JSON, stable across versions; index paths are `[section, item]`:
///
/// ```json
/// {"deletedSections": [2], "insertedSections": [], "movedSections": [{"from": 0, "to": 1}],
///  "updatedSections": [0],
///  "deletedItems": [[1, 4]], "insertedItems": [[1, 0]],
///  "movedItems": [{"from": [1, 2], "to": [3, 0]}], "updatedItems": [[1, 1]],
///  "updatedItemsAfterMoves": [[3, 0]]}
/// ```
///
/// Every key is written; when decoding, an absent array is empty and an index path that is not
/// two integers is a `DecodingError`. Decoding checks the shape only: ``apply(to:with:)``
/// validates first, and ``validate(oldItemCounts:newItemCounts:)`` rejects an update from an
/// untrusted source with a typed error.
extension SectionedBatchUpdate: Codable {
    private enum CodingKeys: String, CodingKey {
        case deletedSections, insertedSections, movedSections, updatedSections
        case deletedItems, insertedItems, movedItems, updatedItems, updatedItemsAfterMoves
    }

    /// Decodes the JSON shape above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            deletedSections: try container.decodeArray(Int.self, forKey: .deletedSections),
            insertedSections: try container.decodeArray(Int.self, forKey: .insertedSections),
            movedSections: try container.decodeArray(Changeset.Move.self, forKey: .movedSections),
            updatedSections: try container.decodeArray(Int.self, forKey: .updatedSections),
            deletedItems: try container.decodeIndexPaths(forKey: .deletedItems),
            insertedItems: try container.decodeIndexPaths(forKey: .insertedItems),
            movedItems: try container.decodeArray(IndexPathMove.self, forKey: .movedItems),
            updatedItems: try container.decodeIndexPaths(forKey: .updatedItems),
            updatedItemsAfterMoves: try container.decodeIndexPaths(forKey: .updatedItemsAfterMoves))
    }

    /// Encodes the JSON shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deletedSections, forKey: .deletedSections)
        try container.encode(insertedSections, forKey: .insertedSections)
        try container.encode(movedSections, forKey: .movedSections)
        try container.encode(updatedSections, forKey: .updatedSections)
        try container.encodeIndexPaths(deletedItems, forKey: .deletedItems)
        try container.encodeIndexPaths(insertedItems, forKey: .insertedItems)
        try container.encode(movedItems, forKey: .movedItems)
        try container.encodeIndexPaths(updatedItems, forKey: .updatedItems)
        try container.encodeIndexPaths(updatedItemsAfterMoves, forKey: .updatedItemsAfterMoves)
    }
}
