import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The form's address-book fields (issue 22): nickname, title, birthday, web address and a
/// postal address, checked like the others, kept by an edit, shown on the card; the form scrolls
/// to the focused field on a short screen.
@MainActor
@Suite("Contact form: address-book fields", .serialized)
struct ContactFormFieldsTests {


    // MARK: The validator and the form (no screen)

    @Test func birthdaysArePartialDatesWithAClearMessage() {
        #expect(BirthdayText.stored("1985-04-12") == "1985-04-12")
        #expect(BirthdayText.stored("04-12") == "--04-12")
        #expect(BirthdayText.stored("--04-12") == "--04-12")
        #expect(BirthdayText.stored("02-29") == "--02-29")
        #expect(BirthdayText.stored("2000-02-29") == "2000-02-29")
        #expect(BirthdayText.stored("") == "")
        for bad in ["1985-02-30", "1900-02-29", "13-01", "1985-4-12", "12/04/1985", "1985", "tomorrow", "０４-１２", "--04-31"] {
            #expect(BirthdayText.stored(bad) == nil, "\(bad)")
        }
        var form = ContactForm()
        form.firstName = "Zoë"
        form.birthday = "1985-02-30"
        form.url = "https://example.org/a b"
        guard case .failure(let problems) = ContactValidator.validate(form) else { Issue.record("accepted"); return }
        #expect(problems.messages == ["birthday": "Date like 1985-04-12 or 04-12", "url": "No spaces in a web address."])
    }

    @Test func theFormCarriesTheNewFieldsBothWays() throws {
        var record = ContactRecord(firstName: "Zoë", lastName: "Ångström")
        record.nickname = "ゾエ"
        record.title = "Ingénieure"
        record.birthday = "--02-29"
        record.url = "https://zoë.example"
        record.addresses = [.init(label: "home", poBox: "BP 12", street: "1 Rue de la Paix", city: "Paris", region: "IdF", postalCode: "75002", country: "France"),
                            .init(label: "work", street: "2 Quai")]
        var form = ContactForm(record)
        #expect(form.birthday == "--02-29" && form.city == "Paris" && form.postalCode == "75002" && form.nickname == "ゾエ")
        form.city = "Lyon"
        form.title = ""
        var saved = try ContactValidator.validate(form).get()
        saved.keepCardFields(of: record)
        #expect(saved.title == "" && saved.nickname == "ゾエ" && saved.birthday == "--02-29" && saved.url == "https://zoë.example")
        // The first address takes the form's parts and keeps its label and PO box; the second stays.
        #expect(saved.addresses == [.init(label: "home", poBox: "BP 12", street: "1 Rue de la Paix", city: "Lyon", region: "IdF", postalCode: "75002", country: "France"),
                                    .init(label: "work", street: "2 Quai")])
        form.street = ""; form.postalCode = ""; form.city = ""; form.region = ""; form.country = ""
        var cleared = try ContactValidator.validate(form).get()
        cleared.keepCardFields(of: record)
        #expect(cleared.addresses == [.init(label: "work", street: "2 Quai")])
    }

    /// An iPhone's built-in labels read as words in the form and are saved as Apple wrote them while left so.
    @Test func applesLabelsReadAsWordsAndAreSavedAsTheyCame() throws {
        var record = ContactRecord(firstName: "john", lastName: "doe",
                                   phones: [.init(label: "_$!<AssistantPhone>!$_", number: "905-222-1234"), .init(label: "mobile", number: "905-555-1234")],
                                   emails: ["john@example.org"])
        record.emailLabels = ["_$!<Other>!$_"]
        record.addresses = [.init(label: "_$!<HomeFAX>!$_", street: "Silicon Alley 5", city: "New York")]
        var form = ContactForm(record)
        #expect(form.phones.prefix(2).map(\.label) == ["assistant phone", "mobile"])
        #expect(form.emailLabels.first == "other" && form.addresses.first?.label == "home fax")
        form.notes = "an edit elsewhere"
        let saved = try ContactValidator.validate(form, leaving: ContactForm(record)).get()
        #expect(saved.phones.map(\.label) == ["_$!<AssistantPhone>!$_", "mobile"])
        #expect(saved.emailLabels == ["_$!<Other>!$_"] && saved.addresses.first?.label == "_$!<HomeFAX>!$_")
        // A label typed anew is the person's.
        form.phones[0].label = "assistant"
        #expect(try ContactValidator.validate(form).get().phones.first?.label == "assistant")
    }

    /// The edit scene's interactor, with a spy store: what the form shows is saved, the rest kept.
    @Test func editingSavesTheNewFieldsAndKeepsTheHiddenOnes() throws {
        let store = ContactsStoreSpy()
        var stored = ContactRecord(firstName: "grace", lastName: "hopper", emails: ["grace@navy.mil"])
        stored.uid = "grace-1"
        stored.namePrefix = "Rear Adm."
        stored.emailLabels = ["work"]
        let id = try store.add(stored)
        let interactor = EditContactInteractor(contactID: id, worker: EditContactWorker(store: store))
        interactor.fetchContact(request: .init())
        var form = try #require(interactor.originalForm)
        form.nickname = "Amazing Grace"
        form.birthday = "1906-12-09"
        form.country = "USA"
        interactor.saveContact(request: .init(form: form))
        let after = try #require(try store.contact(id: id))
        #expect(after.nickname == "Amazing Grace" && after.birthday == "1906-12-09" && after.addresses.map(\.country) == ["USA"])
        #expect(after.uid == "grace-1" && after.namePrefix == "Rear Adm." && after.emailLabels == ["work"])
    }

    // MARK: End to end, on the virtual screen

    /// Typed through the keys, a wrong birthday is refused with its message beside it (the form
    /// scrolled to it), corrected, saved; the card shows every field, Unicode and all.
    @Test func typedFieldsAreCheckedSavedAndShown() throws {
        let h = AppHarness.onContactList()
        h.press("a wait:400ms")
        // First name, last name, then 14 Tabs past the middle name, phones and e-mails (with their labels) to Company, and on.
        h.press(#""Zoë" Tab "Ångström" Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab "Société 東京" Tab "Ingénieure" Tab "ゾエ 🌸" Tab "1985-02-30""#)
        // Past the anniversary to Web, past the address's label to Street.
        h.press(#"Tab Tab "https://zoë.example" Tab Tab "1 Rue de la Paix" Tab "75002" Tab "Paris" Tab "Île-de-France" Tab "France" C-s wait:100ms"#)
        #expect(h.text.contains("Date like 1985-04-12 or 04-12"), "\(h.text)")
        #expect(h.text.contains("Nothing was saved"))
        #expect(h.lines.contains { $0.contains("Birthday") && $0.contains("1985-02-30") }, "the form scrolled back to the birthday: \(h.text)")
        #expect(try h.storedContacts(limit: 10).isEmpty)
        h.press(#"C-a C-k "02-29" C-s wait:400ms"#)
        let zoe = try #require(try h.storedContacts(limit: 10).first)
        #expect(zoe.birthday == "--02-29" && zoe.nickname == "ゾエ 🌸" && zoe.title == "Ingénieure" && zoe.url == "https://zoë.example")
        #expect(zoe.addresses == [.init(street: "1 Rue de la Paix", city: "Paris", region: "Île-de-France", postalCode: "75002", country: "France")])
        h.press("Enter wait:400ms")
        for line in ["Ingénieure", "ゾエ 🌸", "29 Feb", "https://zoë.example", "1 Rue de la Paix, 75002 Paris, Île-de-France,"] {
            #expect(h.text.contains(line), "\(line): \(h.text)")
        }
        // Edit: the fields come back in the form; a change to one of them is saved.
        h.press("e wait:400ms")
        h.press(String(repeating: "Tab ", count: 17) + "C-a C-k \"Zozo\" C-s wait:400ms")   // to Nickname
        #expect(try h.storedContacts(limit: 10).first?.nickname == "Zozo")
        #expect(try h.storedContacts(limit: 10).first?.birthday == "--02-29")
    }

    /// On a screen too short for the form, each field Tab reaches is scrolled into view.
    @Test func aShortScreenScrollsToTheFocusedField() throws {
        let h = AppHarness.onContactList(width: 60, height: 12)
        h.press("a wait:400ms")
        #expect(h.text.contains("First name"))
        #expect(!h.text.contains("Country"))
        h.press(String(repeating: "Tab ", count: 26) + #""España""#)       // to Country
        #expect(h.lines.contains { $0.contains("Country") && $0.contains("España") }, "\(h.text)")
        #expect(!h.text.contains("First name"))
        h.press("resize:80x24 wait:100ms")
        #expect(h.lines.contains { $0.contains("Country") && $0.contains("España") }, "\(h.text)")
        h.press("S-Tab " + String(repeating: "S-Tab ", count: 25))     // back to the first name
        #expect(h.text.contains("First name"))
    }

    /// At 40 columns each phone's label field shows whole ("label", and what is typed in it): the
    /// number gives up columns instead (issue 39, item 11: it showed `la`). A resize in the middle keeps it.
    @Test func atFortyColumnsThePhoneLabelsShowWhole() throws {
        let h = AppHarness.onContactList(width: 40, height: 12)
        h.press("a wait:400ms")
        let phoneRow = { h.lines.first { $0.contains("Phone 1") } ?? "" }
        #expect(phoneRow().contains(" label"), "\(h.text)")
        h.press("\"Ada\" Tab Tab Tab \"0171 555\" Tab \"mobile\"")  // a name, then Phone 1's number and its label
        #expect(phoneRow().contains("0171 555") && phoneRow().contains("mobile"), "\(h.text)")
        h.press("resize:100x30 wait:100ms")
        #expect(phoneRow().contains("0171 555") && phoneRow().contains("mobile"), "\(h.text)")
        h.press("resize:40x12 wait:100ms")
        #expect(phoneRow().contains("0171 555") && phoneRow().contains("mobile"), "\(h.text)")
        h.press("C-s wait:400ms")
        let stored = try h.storedContacts(limit: 10)
        #expect(stored.first?.phones.first == ContactRecord.Phone(label: "mobile", number: "0171 555"), "\(stored)")
    }
}
