/// What every storage shares: its observers (a weak delegate, closures, asynchronous
/// streams) and the supplementary kinds its headers and footers use.
///
/// Storages are not `Sendable`: use each from one isolation domain (the main actor for a UI,
/// an actor of your own on a server). Updates are `Sendable` and can go anywhere.
///
/// Open so that the storages of this package's other modules (`DatabaseStorage`) can share it;
/// its initializer is package-only.
open class BaseStorage {
    /// The delegate, held weakly; told about every update after the data changed.
    public weak var delegate: (any StorageUpdating)?
    /// The kind under which ``MemoryStorage/setSectionHeaderModels(_:)`` and
    /// `headerModel(forSection:)` keep headers. Default ``SupplementaryKind/header``.
    public var supplementaryHeaderKind = SupplementaryKind.header
    /// The kind under which footers are kept. Default ``SupplementaryKind/footer``.
    public var supplementaryFooterKind = SupplementaryKind.footer

    private var handlers: [(token: ObserverToken, handler: (StorageUpdate) -> Void)] = []
    private var continuations: [UInt64: AsyncStream<StorageUpdate>.Continuation] = [:]
    private var nextObserverID: UInt64 = 0

    package init() {}

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }

    /// Calls `handler` with every update from now on (reload requests as
    /// ``StorageUpdate/reload``), in the order observers were added, after the delegate.
    ///
    /// - Returns: the token that ``removeObserver(_:)`` takes.
    @discardableResult
    public func addObserver(_ handler: @escaping (StorageUpdate) -> Void) -> ObserverToken {
        let token = makeObserverToken()
        handlers.append((token, handler))
        return token
    }

    /// A token no other observer of this storage has (of any kind: a subclass's own observer
    /// lists take theirs here too, so a token never removes an observer of another list).
    package func makeObserverToken() -> ObserverToken {
        nextObserverID += 1
        return ObserverToken(value: nextObserverID)
    }

    /// Stops calling the closure that `token` identifies; does nothing for an unknown token.
    /// O(number of observers).
    public func removeObserver(_ token: ObserverToken) {
        handlers.removeAll { $0.token == token }
    }

    /// A new stream of every update from now on (reload requests as ``StorageUpdate/reload``).
    /// It buffers without limit, so no update is lost, and finishes when the storage is
    /// deallocated. Each access makes an independent stream.
    public var updates: AsyncStream<StorageUpdate> {
        let (stream, continuation) = AsyncStream<StorageUpdate>.makeStream(bufferingPolicy: .unbounded)
        nextObserverID += 1
        continuations[nextObserverID] = continuation
        return stream
    }

    /// Tells every observer about `update`, unless it is empty.
    package func deliver(_ update: StorageUpdate) {
        guard !update.isEmpty else { return }
        if update.requiresReload {
            delegate?.storageNeedsReloading()
        } else {
            delegate?.storageDidPerformUpdate(update)
        }
        for (_, handler) in handlers { handler(update) }
        var finished: [UInt64] = []
        for (id, continuation) in continuations {
            if case .terminated = continuation.yield(update) { finished.append(id) }
        }
        for id in finished { continuations[id] = nil }
    }
}
