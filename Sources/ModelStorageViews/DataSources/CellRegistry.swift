// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
/// The cells of a data source whose storage holds items of several types (a `MemoryStorage`),
/// one registration per type, as DTTableViewManager maps models to cells: each registration
/// receives its own type, so no cell provider casts.
///
/// An item is looked up by its dynamic type (O(1) once seen); a type registered by none is
/// matched, once, against the registrations in order (`item as? Item`, so a registration of a
/// protocol or a superclass serves its conformers and subclasses). An item no registration takes
/// is reported through ``reportUnregistered`` with a message that names its type: a failed
/// assertion in debug builds, nothing in release builds, where the data source shows an empty
/// cell; never a crash in a method UIKit calls.
///
/// `Context` is what the cell is made in (the view and the index path); `Cell` what a
/// registration makes.
@MainActor
package final class CellRegistry<Context, Cell> {
    /// One registration: the type it takes and how it makes the cell of such an item.
    private struct Registration {
        let type: Any.Type
        let takes: (any Sendable) -> Bool
        let make: @MainActor (Context, any Sendable) -> Cell?
    }

    private var registrations: [Registration] = []
    /// The registration of each dynamic type seen so far (`nil`: none takes it).
    private var lookups: [ObjectIdentifier: Int?] = [:]
    /// Where an item no registration takes is reported: by default a failed assertion (debug
    /// builds only).
    package var reportUnregistered: @MainActor (String) -> Void = { message in assertionFailure(message) }

    /// An empty registry.
    package init() {}

    /// Whether nothing is registered.
    package var isEmpty: Bool { registrations.isEmpty }

    /// Makes the cells of items of type `Item` with `make`; replaces an earlier registration of
    /// the same type. O(registrations).
    package func register<Item>(_ type: Item.Type, _ make: @escaping @MainActor (Context, Item) -> Cell) {
        let registration = Registration(type: type, takes: { $0 is Item },
                                        make: { context, item in (item as? Item).map { make(context, $0) } })
        if let index = registrations.firstIndex(where: { $0.type == type }) {
            registrations[index] = registration
        } else {
            registrations.append(registration)
        }
        lookups = [:]
    }

    /// The index of the registration that takes `item`: the one of its type, else the first that
    /// takes it; `nil` when none does. O(1) for a type seen before, O(registrations) the first time.
    package func registrationIndex(of item: any Sendable) -> Int? {
        let key = ObjectIdentifier(type(of: item) as Any.Type)
        if let known = lookups[key] { return known }
        let found = registrations.firstIndex { $0.type == type(of: item) } ?? registrations.firstIndex { $0.takes(item) }
        lookups[key] = .some(found)
        return found
    }

    /// The cell of `item` from its registration, or `nil` (reported through
    /// ``reportUnregistered``) when no registration takes it.
    package func cell(for item: any Sendable, in context: Context) -> Cell? {
        guard let index = registrationIndex(of: item) else {
            reportUnregistered(Self.unregisteredMessage(for: type(of: item)))
            return nil
        }
        return registrations[index].make(context, item)
    }

    /// The kind of cell `item` needs (what a `ViewUpdater`'s `cellKind` returns): its
    /// registration, or its dynamic type when no registration takes it. An item replaced by one of
    /// another kind must be reloaded, not reconfigured.
    package func cellKind(of item: any Sendable) -> AnyHashable {
        if let index = registrationIndex(of: item) { return AnyHashable(index) }
        return AnyHashable(ObjectIdentifier(type(of: item) as Any.Type))
    }

    /// The message of an item of type `type` that no registration takes.
    package static func unregisteredMessage(for type: Any.Type) -> String {
        "ModelStorageViews: no cell is registered for items of type \(type); call register(\(type).self) { ... }"
    }
}
#endif
