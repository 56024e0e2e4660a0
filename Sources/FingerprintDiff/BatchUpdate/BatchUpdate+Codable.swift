/// JSON, stable across versions:
///
/// ```json
/// {"deletions": [1], "insertions": [0], "moves": [{"from": 3, "to": 1}],
///  "reloads": [4], "reloadsAfterMoves": [1]}
/// ```
///
/// Every key is written; when decoding, an absent array is empty. Decoding checks the shape
/// only: ``apply(to:with:)`` validates first, and ``validate(oldCount:newCount:)`` rejects an
/// update from an untrusted source with a typed error.
extension BatchUpdate: Codable {
    private enum CodingKeys: String, CodingKey { case deletions, insertions, moves, reloads, reloadsAfterMoves }

    /// Decodes the JSON shape above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(deletions: try container.decodeArray(Int.self, forKey: .deletions),
                  insertions: try container.decodeArray(Int.self, forKey: .insertions),
                  moves: try container.decodeArray(Changeset.Move.self, forKey: .moves),
                  reloads: try container.decodeArray(Int.self, forKey: .reloads),
                  reloadsAfterMoves: try container.decodeArray(Int.self, forKey: .reloadsAfterMoves))
    }

    /// Encodes the JSON shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deletions, forKey: .deletions)
        try container.encode(insertions, forKey: .insertions)
        try container.encode(moves, forKey: .moves)
        try container.encode(reloads, forKey: .reloads)
        try container.encode(reloadsAfterMoves, forKey: .reloadsAfterMoves)
    }
}
