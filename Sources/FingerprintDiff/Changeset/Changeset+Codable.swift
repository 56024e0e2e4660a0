/// JSON: `{"from": 3, "to": 0}`.
extension Changeset.Move: Codable {
    private enum CodingKeys: String, CodingKey { case from, to }

    /// Decodes `{"from": Int, "to": Int}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(from: try container.decode(Int.self, forKey: .from), to: try container.decode(Int.self, forKey: .to))
    }

    /// Encodes `{"from": Int, "to": Int}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
    }
}

/// JSON: `{"old": 4, "new": 2}`.
extension Changeset.Update: Codable {
    private enum CodingKeys: String, CodingKey { case old, new }

    /// Decodes `{"old": Int, "new": Int}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(old: try container.decode(Int.self, forKey: .old), new: try container.decode(Int.self, forKey: .new))
    }

    /// Encodes `{"old": Int, "new": Int}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
    }
}

/// JSON, stable across versions:
///
/// ```json
/// {"deletions": [1], "insertions": [0], "moves": [{"from": 3, "to": 1}],
///  "updates": [{"old": 4, "new": 4}], "isMinimal": true}
/// ```
///
/// Every key is written; when decoding, an absent array is empty and an absent `isMinimal` is
/// `true`. Decoding checks the shape only: call ``validate(oldCount:newCount:)`` on a
/// changeset from an untrusted source before using it.
extension Changeset: Codable {
    private enum CodingKeys: String, CodingKey { case deletions, insertions, moves, updates, isMinimal }

    /// Decodes the JSON shape above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(deletions: try container.decodeArray(Int.self, forKey: .deletions),
                  insertions: try container.decodeArray(Int.self, forKey: .insertions),
                  moves: try container.decodeArray(Move.self, forKey: .moves),
                  updates: try container.decodeArray(Update.self, forKey: .updates),
                  isMinimal: try container.decodeIfPresent(Bool.self, forKey: .isMinimal) ?? true)
    }

    /// Encodes the JSON shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deletions, forKey: .deletions)
        try container.encode(insertions, forKey: .insertions)
        try container.encode(moves, forKey: .moves)
        try container.encode(updates, forKey: .updates)
        try container.encode(isMinimal, forKey: .isMinimal)
    }
}
