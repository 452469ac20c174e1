import Testing
@testable import Interchange

@Suite("Merging a contact's two cards")
struct ContactCardMergingTests {
    @Test func valuesAreUnitedNeverReplaced() {
        // Google's export has a person twice when two accounts knew them: once with the home
        // e-mail and mobile, once with a work phone and a second e-mail.
        let first = ContactCard(formattedName: "Ada Lovelace", familyName: "Lovelace", givenName: "Ada",
                                emails: [LabeledValue(label: "home", value: "ada@example.org", isPreferred: true)],
                                phones: [LabeledValue(label: "mobile", value: "+44 7700 900000")], note: "met at the Royal Society")
        let second = ContactCard(formattedName: "Ada Lovelace", familyName: "Lovelace", givenName: "Ada", organization: "Analytical Engines",
                                 emails: [LabeledValue(value: "ADA@example.org"), LabeledValue(label: "work", value: "ada@work.example", isPreferred: true)],
                                 phones: [LabeledValue(label: "mobile", value: "+44 (7700) 900-000"), LabeledValue(label: "work", value: "+44 20 7946 0001")],
                                 addresses: [PostalAddress(label: "work", street: "1 Engine Row", locality: "London")],
                                 birthday: PartialDate(year: nil, month: 12, day: 10), note: "likes poetry", categories: ["Friend"])
        let merged = first.merging(second)
        #expect(merged.emails == [LabeledValue(label: "home", value: "ada@example.org", isPreferred: true),
                                  LabeledValue(label: "work", value: "ada@work.example")])
        #expect(merged.phones == [LabeledValue(label: "mobile", value: "+44 7700 900000"), LabeledValue(label: "work", value: "+44 20 7946 0001")])
        #expect(merged.organization == "Analytical Engines")
        #expect(merged.addresses.count == 1 && merged.birthday == PartialDate(year: nil, month: 12, day: 10))
        #expect(merged.note == "met at the Royal Society\nlikes poetry")
        #expect(merged.categories == ["Friend"])
        // Merging a card with itself changes nothing.
        #expect(merged.merging(merged) == merged)
    }
}
