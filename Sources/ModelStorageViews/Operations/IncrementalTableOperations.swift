// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a one-section table that applies each change at once offers a
/// ``SingleSectionTableAdapter``: `NSTableView`'s row operations, spelled as `NSTableView`
/// spells them (the AppKit conformance forwards each to the method of that name).
///
/// Unlike a batch of `UITableView`, each call takes effect when it is made: `removeRows` names
/// rows as the table shows them at that moment, `insertRows` the rows' final positions, and
/// `moveRow` is a removal followed by an insertion. The adapter orders and adjusts its calls so
/// (see ``RowSteps``).
@MainActor
public protocol IncrementalTableOperations<AnimationOptions> {
    /// How an insertion or removal animates (`NSTableView.AnimationOptions`).
    associatedtype AnimationOptions
    /// Runs `updates` between `beginUpdates()` and `endUpdates()`, animated, and `completion`
    /// when the animations end.
    func performUpdates(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor () -> Void)
    /// Inserts rows at their final positions.
    func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions)
    /// Removes rows, named as the table shows them now.
    func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions)
    /// Moves a row, keeping its view.
    func moveRow(at oldIndex: Int, to newIndex: Int)
    /// Reads the data of rows again, in every column.
    func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet)
    /// Drops every row view and reads the data source again.
    func reloadData()
    /// The number of columns.
    var numberOfColumns: Int { get }
    /// Whether the table is in a window.
    var isInWindow: Bool { get }
}

extension IncrementalTableOperations {
    /// Sends `steps` between `beginUpdates()` and `endUpdates()` (``performUpdates(_:completion:)``),
    /// inserted and removed rows animated as given, reloads in every column; `completion` runs
    /// when the animations end.
    func perform(_ steps: RowSteps, insertAnimation: AnimationOptions, removeAnimation: AnimationOptions,
                 completion: @escaping @MainActor () -> Void) {
        let columns = IndexSet(integersIn: 0..<numberOfColumns)
        performUpdates({
            for step in steps.steps {
                switch step {
                case .reload(let rows): reloadData(forRowIndexes: rows, columnIndexes: columns)
                case .remove(let rows): removeRows(at: rows, withAnimation: removeAnimation)
                case .move(let from, let to): moveRow(at: from, to: to)
                case .insert(let rows): insertRows(at: rows, withAnimation: insertAnimation)
                }
            }
        }, completion: completion)
    }
}
#endif
