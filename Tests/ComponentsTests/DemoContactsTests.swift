import Demo
import Testing

/// The demo's address book: the same for a seed, the famous people first, no name twice.
@Suite struct DemoContactsTests {
    @Test func sameSeedSameBookFamousFirstNoRepeats() {
        let book = DemoContacts.make(seed: 11)
        #expect(book == DemoContacts.make(seed: 11))
        #expect(book != DemoContacts.make(seed: 12))
        #expect(book.count == 240)
        #expect(Array(book.prefix(DemoContacts.famous.count)) == DemoContacts.famous)
        let names = book.map { $0.firstName + " " + $0.lastName }
        #expect(Set(names).count == names.count)
        #expect(book.allSatisfy { !$0.phones.isEmpty && !$0.emails.isEmpty })
        #expect(book.contains { $0.lastName.unicodeScalars.contains { $0.value >= 0x3040 } })  // other scripts too
    }
}
