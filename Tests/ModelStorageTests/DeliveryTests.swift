import FingerprintDiff
import Testing

@testable import ModelStorage

/// The rules of `Delivery` on its own, with an `Int` as the content: the storages' re-entrant
/// delivery tests (`ReentrantDeliveryTests`) check the same rules through observers.
@Suite struct DeliveryTests {
    /// A storage's part in a delivery: its live content and a log of what each fan-out saw.
    private final class Harness {
        let delivery = Delivery<Int>()
        var live = 0
        var log: [String] = []
        /// What readers see.
        var shown: Int { delivery.shown ?? live }

        /// Changes the live content to `value` and delivers an update whose one inserted item
        /// is `value` (so the log can tell updates apart), as a storage's mutation does.
        func change(to value: Int, reacting: ((Int) -> Void)? = nil) {
            delivery.willChange(live)
            live = value
            delivery.deliver(StorageUpdate(changes: SectionedBatchUpdate(insertedItems: [IndexPath(indexes: [0, value])])),
                             leadingTo: live) { update in
                let item = update.changes.insertedItems[0][1]
                log.append("update \(item) shows \(shown)")
                reacting?(item)
            }
        }
    }

    @Test("outside a delivery: fanned out at once, readers see the live content, nothing is kept")
    func immediate() {
        let harness = Harness()
        harness.change(to: 1)
        harness.change(to: 2)
        #expect(harness.log == ["update 1 shows 1", "update 2 shows 2"])
        #expect(!harness.delivery.isDelivering && harness.delivery.shown == nil)
    }

    @Test("changes made during a delivery wait, in order; each is fanned out showing what it leads to")
    func reentrant() {
        let harness = Harness()
        harness.change(to: 1) { item in
            guard item == 1 else { return }
            harness.change(to: 2)
            // Rule 2: the update being delivered still leads to 1, whatever changed since.
            harness.log.append("after changing to 2, readers see \(harness.shown)")
            harness.change(to: 3)
        }
        #expect(harness.log == [
            "update 1 shows 1",
            "after changing to 2, readers see 1",
            "update 2 shows 2",
            "update 3 shows 3",
        ])
        // Rule 3: after the last waiting update, the live content again.
        #expect(harness.shown == 3 && harness.delivery.shown == nil && !harness.delivery.isDelivering)
    }

    @Test("a change made while a waiting update is fanned out waits behind it, with its own content")
    func nested() {
        let harness = Harness()
        harness.change(to: 1) { item in
            if item == 1 { harness.change(to: 2) }
            if item == 2 { harness.change(to: 5) }
        }
        #expect(harness.log == ["update 1 shows 1", "update 2 shows 2", "update 5 shows 5"])
    }
}
