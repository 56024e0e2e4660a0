/// What every storage shares: its observers (a weak delegate, closures, asynchronous
/// streams), the supplementary kinds its headers and footers use, and the order in which
/// updates reach them.
///
/// **Delivery order.** Each update reaches the delegate, then the closure observers in the
/// order they were added, then the streams. A change made while an update is being delivered
/// (by an observer, the delegate or anything they call) is delivered after that update has
/// reached everyone, in the order the changes were made; so every observer sees every update
/// once, in order, each one legal on the counts it saw before. While an update is being
/// delivered, the storage's read accessors show the state that update leads to, even when an
/// observer has already changed the storage further: a table view asking for its counts during
/// `performBatchUpdates` gets the right ones. An observer removed during a delivery is not
/// called again, not even with the update in progress; one added during a delivery receives the
/// updates delivered after it.
///
/// **Streams.** A stream holds up to ``maximumPendingStreamUpdates`` updates that its reader
/// has not taken yet, in order. When one more comes, the stream's reader has fallen too far
/// behind: what it holds is replaced by one ``StorageUpdate/reload``, after which the stream
/// ends. Every reload ends a stream the same way (``MemoryStorage/updateWithoutAnimations(_:)``,
/// an update over ``reloadThreshold``), after the updates before it. The reader then reads the
/// storage and subscribes again, in the same synchronous step (no `await` between them), so
/// that no update falls between what it read and its new stream:
///
/// ```swift
/// while !Task.isCancelled {
///     let updates = storage.updates      // subscribe first,
///     show(storage)                      // then read: nothing can come in between
///     for await update in updates where !update.requiresReload {
///         apply(update)
///     }                                   // fell behind, or a reload: read again
/// }
/// ```
///
/// What the reader applies an update to must be what it showed, not the storage: by the time
/// it runs, the storage may have changed again (a data source reading the live storage meets
/// counts that include updates not applied yet). Keep a ``ContentStorage/content`` and catch up
/// with ``ContentStorage/update(since:)``, or, for a table or collection view, use a
/// ``ViewUpdater``.
///
/// A stream cannot continue after a reload instead: its reader resumes on its own executor
/// after taking an element, so changes made before it reads the storage would be both in what
/// it reads and in the updates that follow. So a lagging or stopped reader costs at most
/// ``maximumPendingStreamUpdates`` updates of memory, never receives an update that does not
/// apply to what it saw, and learns it fell behind from the reload (nothing stops silently).
///
/// Storages are not `Sendable`: use each from one isolation domain (the main actor for a UI,
/// an actor of your own on a server). Updates are `Sendable` and can go anywhere.
///
/// Open so that the storages of this package's other modules (`DatabaseStorage`) can share it;
/// its initializer is package-only. It owns the observers and hands each update to them; the
/// order of updates and what readers see meanwhile are each storage's `Delivery`, typed by the
/// content that storage shows (this class is not generic, so that its name stays one type).
open class BaseStorage {
    /// The delegate, held weakly; told about every update after the data changed.
    public weak var delegate: (any StorageUpdating)?
    /// The kind under which ``MemoryStorage/setSectionHeaderModels(_:)`` and
    /// `headerModel(forSection:)` keep headers. Default ``SupplementaryKind/header``.
    public var supplementaryHeaderKind = SupplementaryKind.header
    /// The kind under which footers are kept. Default ``SupplementaryKind/footer``.
    public var supplementaryFooterKind = SupplementaryKind.footer

    /// The header of a section that has no header model of its own (DTModelStorage's
    /// provider): asked with the section index, for sections that exist. A storage does not
    /// know when a provider's answer changes, so it reports no update for it: reload the
    /// sections whose headers changed. For the header kind this provider answers, even `nil`;
    /// ``supplementaryModelProvider`` is asked only for kinds no other provider answers.
    public var headerModelProvider: ((_ section: Int) -> (any Sendable)?)?
    /// The footer of a section that has no footer model of its own; like
    /// ``headerModelProvider``.
    public var footerModelProvider: ((_ section: Int) -> (any Sendable)?)?
    /// The supplementary model of any kind for a section that has none of its own, asked
    /// when the kind is neither the header kind with a ``headerModelProvider`` nor the footer
    /// kind with a ``footerModelProvider``.
    public var supplementaryModelProvider: ((_ kind: String, _ section: Int) -> (any Sendable)?)?

    /// When set, an update that lists more operations than this (`changes.changeCount`) is
    /// delivered as a ``StorageUpdate/reload`` instead: too large a change to follow with an
    /// animation (DifferenceKit's advice; a few hundred is a common choice). `nil`, the
    /// default, animates every change.
    public var reloadThreshold: Int?

    private var handlers: [(token: ObserverToken, handler: (StorageUpdate) -> Void)] = []
    private var mailboxes: [UInt64: UpdateMailbox] = [:]
    private var nextObserverID: UInt64 = 0
    /// Whether an update is being handed to the observers now.
    private var isFanningOut = false
    /// Observers removed while the current update was being handed out.
    private var removedDuringFanOut: Set<ObserverToken> = []

    /// The order of this storage's background calls (see ``BackgroundTurns``).
    let backgroundTurns = BackgroundTurns()
    /// Called on the storage's isolation after each diff a background call ran off it, before
    /// its result is checked against the live content: tests make there the changes that
    /// happen while a diff runs.
    var backgroundDiffDidFinish: (() -> Void)?

    package init() {}

    deinit {
        for mailbox in mailboxes.values { mailbox.close() }
    }

    /// How many updates a stream holds for a reader that has not taken them; one more replaces
    /// them with a ``StorageUpdate/reload`` that ends the stream (see ``BaseStorage``).
    public static let maximumPendingStreamUpdates = 1_000

    /// Calls `handler` with every update from now on (reload requests as
    /// ``StorageUpdate/reload``), in the order observers were added, after the delegate.
    ///
    /// `handler` may change the storage: the change is delivered after the current update has
    /// reached every observer (see ``BaseStorage``), and while `handler` runs the storage shows
    /// the state the current update leads to.
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

    /// Stops calling the closure that `token` identifies, from now on (also during the delivery
    /// in progress); does nothing for an unknown token. O(number of observers).
    public func removeObserver(_ token: ObserverToken) {
        handlers.removeAll { $0.token == token }
        if isFanningOut { removedDuringFanOut.insert(token) }
    }

    /// A new stream of every update from now on, in order. It ends when the storage is
    /// deallocated, or after a ``StorageUpdate/reload`` (one the storage delivers, or one that
    /// replaces everything pending when its reader fell more than
    /// ``maximumPendingStreamUpdates`` updates behind; see ``BaseStorage`` for the reading loop).
    /// Each access makes an independent stream; cancelling the reading task ends it.
    public var updates: AsyncStream<StorageUpdate> {
        let mailbox = UpdateMailbox(capacity: Self.maximumPendingStreamUpdates)
        nextObserverID += 1
        mailboxes[nextObserverID] = mailbox
        return AsyncStream(unfolding: { await mailbox.take() }, onCancel: { mailbox.close() })
    }

    // MARK: For the storages

    /// Tells every observer about `update`, unless it is empty, through the storage's
    /// `delivery` (which holds the order and what readers see meanwhile: see ``Delivery``);
    /// `live` is the content `update` leads to. An update over ``reloadThreshold`` goes out as
    /// a ``StorageUpdate/reload``.
    package func deliver<Content>(_ update: StorageUpdate, through delivery: Delivery<Content>,
                                  leadingTo live: @autoclosure () -> Content) {
        guard !update.isEmpty else { return }
        let update = if let reloadThreshold, update.changes.changeCount > reloadThreshold { StorageUpdate.reload } else { update }
        delivery.deliver(update, leadingTo: live(), fanOut: { fanOut($0) })
    }

    /// Hands `update` to the delegate, the closure observers and the streams present now,
    /// skipping any removed on the way.
    private func fanOut(_ update: StorageUpdate) {
        isFanningOut = true
        removedDuringFanOut = []
        defer { isFanningOut = false }
        if update.requiresReload {
            delegate?.storageNeedsReloading()
        } else {
            delegate?.storageDidPerformUpdate(update)
        }
        for (token, handler) in handlers where !removedDuringFanOut.contains(token) {
            handler(update)
        }
        var closed: [UInt64] = []
        for (id, mailbox) in mailboxes {
            switch mailbox.post(update) {
            case .accepted: break
            case .ended, .closed: closed.append(id)
            }
        }
        for id in closed { mailboxes[id] = nil }
    }
}
