/// The index part of an update in JSON, to send it out of the process (a server that keeps a
/// list tells its clients what changed):
///
/// ```json
/// {"changes": {…a SectionedBatchUpdate…}, "requiresReload": false}
/// ```
///
/// ``StorageUpdate/updatedModels`` stays in the process: it is not encoded, and a decoded update
/// has none (the receiver reads the new models from its own copy of the data, or from a
/// payload of its own). Decoding checks the shape only; validate ``changes`` against the
/// receiver's item counts before applying it.
extension StorageUpdate: Codable {
    private enum CodingKeys: String, CodingKey { case changes, requiresReload }

    /// Decodes the JSON shape above; ``updatedModels`` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(changes: try container.decodeIfPresent(SectionedBatchUpdate.self, forKey: .changes)
                    ?? SectionedBatchUpdate(),
                  requiresReload: try container.decodeIfPresent(Bool.self, forKey: .requiresReload) ?? false)
    }

    /// Encodes the JSON shape above (without ``updatedModels``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(changes, forKey: .changes)
        try container.encode(requiresReload, forKey: .requiresReload)
    }
}
