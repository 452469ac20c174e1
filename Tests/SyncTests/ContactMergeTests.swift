import AppServices
import TestSupport
import Testing
@testable import Sync

/// The three-way merge, field by field: what one side changed is taken, what both changed alike
/// is kept, what both changed differently keeps the server's value and is named as a conflict.
@Suite("Three-way merge of a contact")
struct ContactMergeTests {
    let base: ContactRecord = {
        var r = ContactRecord(id: 7, firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 1")],
                              emails: ["ada@example.com"], company: "Analytical", notes: "first", isFriend: false)
        r.uid = "u-ada"
        return r
    }()

    @Test func changesToDifferentFieldsAreBothKept() {
        var local = base, server = base
        local.phones = [.init(label: "work", number: "+44 2")]
        local.isFriend = true
        server.notes = "changed on the phone"
        let result = ContactMerge.merge(base: base, local: local, server: server)
        #expect(result.conflicting.isEmpty)
        #expect(result.merged.phones == local.phones && result.merged.isFriend)
        #expect(result.merged.notes == "changed on the phone")
        #expect(result.localOnly == ["friend", "phones"])
        #expect(result.merged.id == 7)
    }

    @Test func theSameFieldChangedDifferentlyKeepsTheServersValueAndNamesIt() {
        var local = base, server = base
        local.notes = "mine"
        local.company = "Babbage & Co"
        server.notes = "theirs"
        let result = ContactMerge.merge(base: base, local: local, server: server)
        #expect(result.conflicting == ["notes"])
        #expect(result.merged.notes == "theirs")
        #expect(result.merged.company == "Babbage & Co") // the other local change is not lost
        #expect(result.localOnly == ["company"])
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() {
        var local = base, server = base
        local.lastName = "King"
        server.lastName = "King"
        let result = ContactMerge.merge(base: base, local: local, server: server)
        #expect(result.conflicting.isEmpty && result.localOnly.isEmpty)
        #expect(result.merged.lastName == "King")
        #expect(ContactMerge.differences(result.merged, server).isEmpty)
    }

    @Test func nothingChangedHereTakesTheServerWhole() {
        var server = base
        server.emails = ["ada@lovelace.org"]
        server.birthday = "1815-12-10"
        let result = ContactMerge.merge(base: base, local: base, server: server)
        #expect(ContactMerge.differences(result.merged, server).isEmpty)
        #expect(result.conflicting.isEmpty && result.localOnly.isEmpty)
    }

    /// A seeded sweep: every local change is either in the result or in conflict, never dropped.
    @Test(arguments: 0..<50)
    func noLocalChangeIsEverDropped(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var local = base, server = base
        let values = ["a", "b", "c"]
        func pick() -> String { values[Int(generator.next() % 3)] }
        if generator.next() % 2 == 0 { local.notes = pick() }
        if generator.next() % 2 == 0 { server.notes = pick() }
        if generator.next() % 2 == 0 { local.company = pick() }
        if generator.next() % 2 == 0 { server.company = pick() }
        if generator.next() % 2 == 0 { local.title = pick() }
        if generator.next() % 2 == 0 { server.nickname = pick() }
        let result = ContactMerge.merge(base: base, local: local, server: server)
        for field in ContactMerge.differences(base, local) {
            let kept = !ContactMerge.differences(result.merged, local).contains(field)
            #expect(kept || result.conflicting.contains(field), "seed \(seed): the local \(field) was lost")
        }
        for field in ContactMerge.differences(base, server) {
            #expect(!ContactMerge.differences(result.merged, server).contains(field), "seed \(seed): the server's \(field) was lost")
        }
    }
}

