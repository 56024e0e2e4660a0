#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CFingerprintDiff

extension SectionedBatchUpdate {
    /// The batch update of a change whose sections are the same on both sides (the same
    /// identities in the same order, counts `oldItemCounts` and `newItemCounts`), from the
    /// confirmed matching of all items, flattened, whose updates are the items whose content
    /// changed, and the sections whose own content changed (`updatedSections`, ascending).
    ///
    /// The same result as ``SectionedChangeset/batchUpdate`` of the same input (the property
    /// tests run both), without what a change of sections needs: no section layout per item,
    /// no stages, no demotion of moved sections. This is what a storage's "what changed since
    /// this content" mostly is (items changed, sections kept), where the general path cost more
    /// than the item diff itself.
    ///
    /// - Returns: the update, and the new index paths of the updated items it lists (stage-1
    ///   updates, and stage-2 updates outside reloaded sections), whose models a storage sends.
    /// - Complexity: O(n + m + k log k) for n old and m new items and k that stay in their
    ///   section, plus O(log s) per move between sections.
    package static func _withinSameSections(items matching: _Matching, oldItemCounts: [Int], newItemCounts: [Int],
                                            updatedSections: [Int]) -> (update: SectionedBatchUpdate, modelPaths: [IndexPath]) {
        precondition(oldItemCounts.count == newItemCounts.count, "the same sections on both sides")
        let sectionCount = oldItemCounts.count
        let oldLayout = SectionLayout(counts: oldItemCounts, sectionOfEachItem: false)
        let newLayout = SectionLayout(counts: newItemCounts, sectionOfEachItem: false)
        let oldStart = oldLayout.start, newStart = newLayout.start
        var changed = [Bool](repeating: false, count: newStart[sectionCount])
        for update in matching.updates { changed[update.new] = true }
        var reloaded = [Bool](repeating: false, count: sectionCount)
        for section in updatedSections { reloaded[section] = true }
        var result = SectionedBatchUpdate(updatedSections: updatedSections)
        var modelPaths: [IndexPath] = []
        // New order: insertions, and which new items move: those from another section, and of
        // those that stay in their section, the ones outside one longest increasing subsequence
        // of their old offsets. One subsequence over all sections at once: a section's old
        // offsets are all above the previous sections', so it is the sections' own, joined
        // (patience sorting chooses the same elements either way), in one call of the core.
        let newCount = newStart[sectionCount]
        var stayingOld = [Int64](repeating: -1, count: newCount)
        var moved = [Bool](repeating: false, count: newCount)
        for section in 0..<sectionCount {
            for new in newStart[section]..<newStart[section + 1] {
                let old = matching.oldOffset(ofNew: new)
                if old < 0 {
                    result.insertedItems.append(IndexPath(section, new - newStart[section]))
                } else if old >= oldStart[section] && old < oldStart[section + 1] {
                    stayingOld[new] = Int64(old)
                } else {
                    moved[new] = true
                }
            }
        }
        var inLIS = [UInt8](repeating: 0, count: newCount)
        _check(fd_longest_increasing_subsequence(stayingOld, newCount, &inLIS, nil, nil))
        for new in 0..<newCount where stayingOld[new] >= 0 && inLIS[new] == 0 { moved[new] = true }
        for section in 0..<sectionCount where !reloaded[section] {
            for new in newStart[section]..<newStart[section + 1] where moved[new] && changed[new] {
                let path = IndexPath(section, new - newStart[section])
                result.updatedItemsAfterMoves.append(path)
                modelPaths.append(path)
            }
        }
        // Old order: deletions, moves and in-place updates come out sorted.
        for section in 0..<sectionCount {
            for old in oldStart[section]..<oldStart[section + 1] {
                let new = matching.newOffset(ofOld: old)
                if new < 0 {
                    result.deletedItems.append(IndexPath(section, old - oldStart[section]))
                } else if moved[new] {
                    result.movedItems.append(IndexPathMove(from: IndexPath(section, old - oldStart[section]), to: newLayout.searchedPath(new)))
                } else if changed[new] {
                    result.updatedItems.append(IndexPath(section, old - oldStart[section]))
                    modelPaths.append(IndexPath(section, new - newStart[section]))
                }
            }
        }
        return (result, modelPaths)
    }
}
