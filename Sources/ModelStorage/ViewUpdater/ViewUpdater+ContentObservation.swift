/// Following what the view shows: any number of listeners, each until it ends its observation.
extension ViewUpdater {
    /// Runs `body` whenever ``content`` changes (inside a batch's updates block, at a reload, when
    /// a flush adopts the storage's content, at the user's move), until
    /// ``removeContentObserver(_:)`` is called with the returned token: where what a screen shows
    /// beside the list (a count, an empty state, the selection) follows the list, never ahead of
    /// it. Listeners run in the order they were added; one added or removed by a listener takes
    /// effect from the next change.
    @discardableResult
    public func addContentObserver(_ body: @escaping @MainActor () -> Void) -> ObserverToken {
        contentObservers.add(body)
    }

    /// Ends the observation `token` names; nothing for a token already ended.
    public func removeContentObserver(_ token: ObserverToken) {
        contentObservers.remove(token)
    }

    /// Tells every listener, as they were when the change happened (a copy: a listener may add
    /// or remove listeners).
    func notifyContentObservers() {
        let observers = contentObservers
        observers.notify()
    }

    /// The one listener of ``content`` that replaces the previous one when set.
    @available(*, deprecated, message: "use addContentObserver(_:), which keeps every listener")
    public var didChangeContent: (@MainActor () -> Void)? {
        get { contentObservers.replaceable }
        set { contentObservers.replaceable = newValue }
    }
}

/// Listeners of what a view shows (a ``ViewUpdater``'s content, a list host's), by token.
///
/// - Complexity: notifying is O(listeners); adding is O(1), removing O(listeners).
@MainActor
package struct ContentObservers {
    private var listeners: [(token: ObserverToken, body: @MainActor () -> Void)] = []
    private var nextToken: UInt64 = 0
    /// The deprecated single listener (`didChangeContent`), told after the others.
    var replaceable: (@MainActor () -> Void)?

    /// No listener.
    package init() {}

    /// Adds `body`; the token ends it.
    package mutating func add(_ body: @escaping @MainActor () -> Void) -> ObserverToken {
        nextToken += 1
        let token = ObserverToken(value: nextToken)
        listeners.append((token, body))
        return token
    }

    /// Ends the listener `token` names.
    package mutating func remove(_ token: ObserverToken) {
        listeners.removeAll { $0.token == token }
    }

    /// Tells every listener (call it on a copy: a listener may add or remove listeners).
    package func notify() {
        for listener in listeners { listener.body() }
        replaceable?()
    }
}
