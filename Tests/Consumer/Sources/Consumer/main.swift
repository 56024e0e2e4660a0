// What a new user writes in the first minutes: a diff, and a storage that reports an update.
import FingerprintDiff
import ModelStorage
import ModelStorageViews

struct Song: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

let old = [Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold"), Song(id: 3, title: "Red")]
let new = [Song(id: 3, title: "Red"), Song(id: 1, title: "Blue (live)"), Song(id: 4, title: "Green")]
let changeset = Changeset(from: old, to: new)
print("deletions \(changeset.deletions) insertions \(changeset.insertions)")
print("moves \(changeset.moves) updates \(changeset.updates)")

let storage = MemoryStorage()
var updates: [StorageUpdate] = []
let token = storage.addObserver { updates.append($0) }
try storage.addItems(old)
try storage.performUpdates { () throws(StorageError) in
    try storage.removeItem(Song(id: 2, title: "Gold"))
    try storage.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
}
storage.removeObserver(token)
print("updates \(updates.count), items \(storage.items(inSection: 0)!.compactMap { ($0 as? Song)?.id })")
// What an NSTableView receives for a batch that moves the first of four rows to the end.
print("table calls \(RowSteps(deleted: [], inserted: [], moved: [(from: 0, to: 3)]).steps)")
print("fingerprints: \(Fingerprint.implementation)")
