import Testing

@testable import ModelStorage

/// The type eraser: one storage, several model types, no confusion between them.
@Suite struct AnyIdentifiableEquatableTests {
    struct Post: Identifiable, Equatable, Sendable { var id: Int; var text: String }
    struct Comment: Identifiable, Equatable, Sendable { var id: Int; var text: String }

    @Test func typeIsPartOfIdentityAndEquality() {
        let post = AnyIdentifiableEquatable(Post(id: 1, text: "a"))
        let comment = AnyIdentifiableEquatable(Comment(id: 1, text: "a"))
        #expect(post.id != comment.id && post != comment)
        #expect(post.id == AnyIdentifiableEquatable(Post(id: 1, text: "b")).id)
        #expect(post != AnyIdentifiableEquatable(Post(id: 1, text: "b")))
        #expect(post == AnyIdentifiableEquatable(Post(id: 1, text: "a")))
        #expect(post.base(as: Post.self)?.text == "a" && post.base(as: Comment.self) == nil)
    }

    @Test func oneStorageHoldsSeveralTypes() {
        let storage = SingleSectionEquatableStorage(items: [
            AnyIdentifiableEquatable(Post(id: 1, text: "a")), AnyIdentifiableEquatable(Comment(id: 1, text: "a")),
        ])
        var delivered: [StorageUpdate] = []
        storage.addObserver { delivered.append($0) }
        storage.setItems([
            AnyIdentifiableEquatable(Comment(id: 1, text: "b")), AnyIdentifiableEquatable(Post(id: 1, text: "a")),
        ])
        #expect(delivered.count == 1)
        #expect(delivered.first?.movedIndexPaths.count == 1 && delivered.first?.updatedIndexPathsAfterMoves.count == 1)
        #expect(delivered.first?.deletedIndexPaths.isEmpty == true)
    }
}
