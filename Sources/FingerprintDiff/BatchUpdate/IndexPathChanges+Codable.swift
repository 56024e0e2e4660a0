#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An index path in JSON: `[section, item]`. Decoding anything other than two integers is a
/// `DecodingError.dataCorrupted`.
struct _CodedIndexPath: Codable {
    var path: IndexPath

    init(_ path: IndexPath) { self.path = path }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let section = try container.decode(Int.self)
        let item = try container.decode(Int.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "an index path is [section, item]: two integers")
        }
        path = IndexPath(indexes: [section, item])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for index in path { try container.encode(index) }
    }
}

extension KeyedDecodingContainer {
    /// The `[[section, item]]` array at `key`, or `[]` when the key is absent.
    func decodeIndexPaths(forKey key: Key) throws -> [IndexPath] {
        try decodeIfPresent([_CodedIndexPath].self, forKey: key)?.map(\.path) ?? []
    }

    /// The array at `key`, or `[]` when the key is absent.
    func decodeArray<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws -> [Element] {
        try decodeIfPresent([Element].self, forKey: key) ?? []
    }
}

extension KeyedEncodingContainer {
    /// Encodes `paths` as `[[section, item]]`.
    mutating func encodeIndexPaths(_ paths: [IndexPath], forKey key: Key) throws {
        try encode(paths.map(_CodedIndexPath.init), forKey: key)
    }
}

/// JSON: `{"from": [section, item], "to": [section, item]}`.
extension IndexPathMove: Codable {
    private enum CodingKeys: String, CodingKey { case from, to }

    /// Decodes `{"from": [section, item], "to": [section, item]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(from: try container.decode(_CodedIndexPath.self, forKey: .from).path,
                  to: try container.decode(_CodedIndexPath.self, forKey: .to).path)
    }

    /// Encodes `{"from": [section, item], "to": [section, item]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_CodedIndexPath(from), forKey: .from)
        try container.encode(_CodedIndexPath(to), forKey: .to)
    }
}

/// JSON: `{"old": [section, item], "new": [section, item]}`.
extension IndexPathUpdate: Codable {
    private enum CodingKeys: String, CodingKey { case old, new }

    /// Decodes `{"old": [section, item], "new": [section, item]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(old: try container.decode(_CodedIndexPath.self, forKey: .old).path,
                  new: try container.decode(_CodedIndexPath.self, forKey: .new).path)
    }

    /// Encodes `{"old": [section, item], "new": [section, item]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_CodedIndexPath(old), forKey: .old)
        try container.encode(_CodedIndexPath(new), forKey: .new)
    }
}
