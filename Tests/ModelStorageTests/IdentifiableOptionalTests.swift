import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// A model whose optional a user made `Identifiable` (below): the typed `setItems` of
/// `[Boxed?]` takes `T` to be the optional itself.
public struct Boxed: Identifiable, Equatable, Sendable {
    public var id: Int
    public var version = 0
}

/// What a user may write: optionals of a model identified by the model's id.
extension Optional: @retroactive Identifiable where Wrapped == Boxed {
    public var id: Int? { self?.id }
}

/// The typed `setItems` of optionals that are `Identifiable` stores the wrapped models, as every
/// other entry point does: random calls with `[Boxed?]` and with `[Boxed]` leave two storages
/// with the same items of the same dynamic type (`Boxed`) and deliver the same updates; a `nil`
/// is refused and changes nothing.
@Suite struct IdentifiableOptionalTests {
    /// Every stored item as a `Boxed` (`nil` for an item of another type, such as an optional).
    static func stored(_ storage: MemoryStorage) -> [[Boxed?]] {
        (0..<storage.numberOfSections).map { section in
            storage.items(inSection: section)!.map { item in
                // Exactly a `Boxed`: a stored `Optional<Boxed>` would be a fault.
                type(of: item) == Boxed.self ? item as? Boxed : nil
            }
        }
    }

    @Test("random typed setItems of Identifiable optionals and of their models agree", arguments: 0..<100)
    func optionalsAndModelsAgree(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let plain = MemoryStorage(), optional = MemoryStorage()
        let plainRecorder = UpdateRecorder(), optionalRecorder = UpdateRecorder()
        plain.delegate = plainRecorder
        optional.delegate = optionalRecorder
        for step in 0..<Int.random(in: 1...12, using: &random) {
            let context = "seed \(seed) step \(step)"
            // Few ids: duplicates, matches, changed versions.
            let items = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                Boxed(id: Int.random(in: 0...6, using: &random), version: Int.random(in: 0...1, using: &random))
            }
            let section = Int.random(in: 0...1, using: &random)
            let nilAt = !items.isEmpty && Int.random(in: 0...9, using: &random) == 0
                ? Int.random(in: 0..<items.count, using: &random) : nil
            let wrapped: [Boxed?] = items.indices.map { $0 == nilAt ? nil : items[$0] }
            let background = Int.random(in: 0...2, using: &random) == 0
            let plainError = await Self.error { () async throws(StorageError) in
                if background { try await plain.setItemsInBackground(items, forSection: section) }
                else { try plain.setItems(items, forSection: section) }
            }
            let optionalError = await Self.error { () async throws(StorageError) in
                if background { try await optional.setItemsInBackground(wrapped, forSection: section) }
                else { try optional.setItems(wrapped, forSection: section) }
            }
            let plainUpdates = plainRecorder.take().updates, optionalUpdates = optionalRecorder.take().updates
            if let nilAt {
                #expect(optionalError == .nilItem(at: nilAt), "\(context)")
                #expect(optionalUpdates.isEmpty, "\(context): a refused call delivered \(optionalUpdates)")
                // Bring the plain storage's change over, so that both go on equal.
                optional.delegate = nil
                try? optional.setItems(items, forSection: section)
                optional.delegate = optionalRecorder
            } else {
                #expect(plainError == optionalError, "\(context)")
                #expect(plainUpdates.map(\.changes) == optionalUpdates.map(\.changes), "\(context)")
                #expect(plainUpdates.map { $0.updatedModels.mapValues { $0 as? Boxed } }
                        == optionalUpdates.map { $0.updatedModels.mapValues { $0 as? Boxed } }, "\(context)")
                #expect(optionalUpdates.allSatisfy { $0.updatedModels.values.allSatisfy { type(of: $0) == Boxed.self } },
                        "\(context)")
            }
            #expect(Self.stored(plain) == Self.stored(optional), "\(context)")
            #expect(Self.stored(optional).allSatisfy { $0.allSatisfy { $0 != nil } }, "\(context): optionals stored")
        }
    }

    /// The error `body` throws, or `nil`.
    static func error(_ body: () async throws(StorageError) -> Void) async -> StorageError? {
        do throws(StorageError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}
