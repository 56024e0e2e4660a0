#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the sections and items of a sectioned update that neither leave nor arrive stand on
/// the other side: the sections and items that leave (deleted or moved away, old indexes) and
/// arrive (inserted or moved there, new indexes), sorted, so that each that stays keeps its order
/// in the places no arrival takes (``newIndexPath(ofStaying:)``). `inverted` reads it both ways;
/// the view updater carries in-place updates to their new index paths with it.
package struct SectionedStayingPlaces {
    /// Old sections deleted or moved away, sorted.
    package let sectionsLeaving: [Int]
    /// New sections inserted or moved to, sorted.
    package let sectionsArriving: [Int]
    /// Per old section, its items deleted or moved away, sorted.
    package let itemsLeaving: [Int: [Int]]
    /// Per new section, its items inserted or moved there, sorted.
    package let itemsArriving: [Int: [Int]]

    /// The places of `update`. O(n log n) for n operations.
    package init(_ update: SectionedBatchUpdate) {
        sectionsLeaving = (update.deletedSections + update.movedSections.map(\.from)).sorted()
        sectionsArriving = (update.insertedSections + update.movedSections.map(\.to)).sorted()
        var leaving: [Int: [Int]] = [:], arriving: [Int: [Int]] = [:]
        for path in update.deletedItems { leaving[path[0], default: []].append(path[1]) }
        for move in update.movedItems {
            leaving[move.from[0], default: []].append(move.from[1])
            arriving[move.to[0], default: []].append(move.to[1])
        }
        for path in update.insertedItems { arriving[path[0], default: []].append(path[1]) }
        for key in leaving.keys { leaving[key]!.sort() }
        for key in arriving.keys { arriving[key]!.sort() }
        itemsLeaving = leaving
        itemsArriving = arriving
    }

    /// The new index path of the item at old index path `path`, which neither leaves nor lies in
    /// a section that leaves. O(log n + a) for a arrivals in its new section.
    package func newIndexPath(ofStaying path: IndexPath) -> IndexPath {
        let section = _stayingIndex(of: path[0], leaving: sectionsLeaving, arriving: sectionsArriving)
        let item = _stayingIndex(of: path[1], leaving: itemsLeaving[path[0]] ?? [], arriving: itemsArriving[section] ?? [])
        return IndexPath(section, item)
    }
}
