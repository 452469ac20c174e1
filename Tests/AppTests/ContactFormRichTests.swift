import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 39's richer form: as many phones and e-mails as wanted (^N adds a row, ^R removes one,
/// asked first when something is typed in it), e-mail labels, several labelled addresses, IM
/// addresses, an anniversary and custom fields — what the card already holds, editable, on the
/// virtual screen at 40x12, 100x30 and 200x60, stored in a real SQLite file.
@MainActor
@Suite("Contact form: more rows, labels, IM, anniversary, custom fields", .serialized)
struct ContactFormRichTests {
    func onContactList(width: Int = 100, height: Int = 30) -> AppHarness { .onContactList(width: width, height: height) }


    func tabs(_ n: Int) -> String { Array(repeating: "Tab", count: n).joined(separator: " ") + " " }

    func row(_ h: AppHarness, _ caption: String) -> String { h.lines.first { $0.contains(caption) } ?? "" }

    var form: (AppHarness) -> ContactFormView? {
        { h in (h.topController as? AddContactViewController)?.formView ?? (h.topController as? EditContactViewController)?.formView }
    }

    @Test func aFourthPhoneAndLabelledEmailsAreAddedWithCtrlN() throws {
        let h = onContactList()
        h.press("a wait:400ms")
        #expect(h.text.contains("^N") && h.text.contains("^R"), "the hints name the row keys: \(h.text)")
        // Phone 1 to 3 (the third by Tab), then ^N on the third: a fourth row, the cursor in it.
        h.press(#""Grace" Tab "Hopper" Tab Tab "555 0101" Tab "mobile" Tab "555 0102" Tab Tab "555 0103" C-n"#)
        #expect(row(h, "Phone 4").contains("+44 20 7946 0000"), "a new, empty fourth row: \(h.text)")
        h.press(#""555 0104" Tab "fax" Tab "grace@navy.mil" Tab "work" Tab "g@example.org" Tab "home" C-n "h@example.net" C-n "i@example.com" C-s wait:400ms"#)
        #expect(!h.text.contains("Nothing was saved"), "\(h.text)")
        let grace = try #require(try h.storedContacts(limit: 10).first)
        #expect(grace.phones.map(\.number) == ["555 0101", "555 0102", "555 0103", "555 0104"], "\(grace.phones)")
        #expect(grace.phones.map(\.label) == ["mobile", "phone", "phone", "fax"])
        #expect(grace.emails == ["grace@navy.mil", "g@example.org", "h@example.net", "i@example.com"], "\(grace.emails)")
        #expect(grace.emailLabels == ["work", "home", "", ""], "\(grace.emailLabels)")
        // The edit form shows all of them again, the labels beside.
        h.press("Enter wait:400ms e wait:400ms")
        #expect(row(h, "Phone 4").contains("555 0104") && row(h, "Phone 4").contains("fax"), "\(h.text)")
        #expect(row(h, "Email 1").contains("grace@navy.mil") && row(h, "Email 1").contains("work"), "\(h.text)")
        h.press("C-s wait:400ms")
    }

    @Test func theHelpListsTheRowKeys() {
        let h = onContactList()
        h.press("a wait:400ms F1 wait:400ms")
        #expect(h.text.contains("Add row") && h.text.contains("Remove row") && h.text.contains("Next / previous field"), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(!h.text.contains("Next / previous field"), "the help closed: \(h.text)")
    }

    @Test func removingARowWithTextAsksFirstAndAnEmptyOneGoesAtOnce() throws {
        let h = onContactList()
        h.press(#"a wait:400ms "Ada" Tab Tab Tab "555 0101" Tab "home" Tab "555 0102""#)
        h.press("C-r wait:400ms")
        #expect(h.text.contains("Remove this phone?"), "\(h.text)")
        h.press("Esc wait:400ms")                                   // Keep: nothing goes
        #expect(row(h, "Phone 2").contains("555 0102"), "\(h.text)")
        h.press("S-Tab S-Tab C-r wait:400ms Left Enter wait:400ms")  // Phone 1 removed: Phone 2 moves up
        #expect(row(h, "Phone 1").contains("555 0102") && !h.text.contains("555 0101"), "\(h.text)")
        #expect(row(h, "Phone 3").contains("+44 20 7946 0000"), "three rows still: \(h.text)")
        // An empty row goes without a question; a field outside the lists says what ^R does.
        h.press("C-n C-r wait:400ms")
        #expect(!h.text.contains("Remove this phone?") && !h.text.contains("Phone 4"), "\(h.text)")
        h.press("S-Tab S-Tab S-Tab S-Tab S-Tab S-Tab C-r wait:400ms")   // from Phone 3 back up to the last name
        #expect(h.text.contains("^R removes a phone"), "\(h.text)")
        #expect(form(h)?.form.lastName == "" && form(h)?.form.firstName == "Ada")
        h.press("C-s wait:400ms")
        #expect(try h.storedContacts(limit: 10).first?.phones == [.init(label: "phone", number: "555 0102")])
    }

    /// Through the keys: an anniversary, two labelled addresses, an IM address and a custom field;
    /// stored as the contact's address list and its kept lines; shown again in the edit form.
    @Test func addressesIMAnniversaryAndCustomFieldsAreTypedSavedAndShownAgain() throws {
        let h = onContactList(width: 120, height: 50)   // the whole form in view
        h.press("a wait:400ms")
        // From the first name: 19 Tabs to Anniversary (past names, 3 phones and 3 e-mails with labels, company … birthday).
        h.press(#""Ada" "# + tabs(19) + #""2010-06-12" Tab Tab "home" Tab "1 Main St" Tab "12345" Tab "Springfield" C-n"#)
        #expect(row(h, "Address 2").contains("home, work"), "a second address, its label first: \(h.text)")
        h.press(#""work" Tab "2 Side St" Tab "54321" Tab "Shelbyville" Tab Tab Tab "xmpp:ada@jabber.org" Tab "home" Tab Tab "X-SPOUSE" Tab "William King" C-s wait:400ms"#)
        #expect(!h.text.contains("Nothing was saved"), "\(h.text)")
        let ada = try #require(try h.storedContacts(limit: 10).first)
        #expect(ada.addresses == [.init(label: "home", street: "1 Main St", city: "Springfield", postalCode: "12345"),
                                  .init(label: "work", street: "2 Side St", city: "Shelbyville", postalCode: "54321")], "\(ada.addresses)")
        #expect(ada.extras == "IMPP;TYPE=home:xmpp:ada@jabber.org\r\nX-SPOUSE:William King\r\nANNIVERSARY:20100612", "\(ada.extras)")
        h.press("Enter wait:400ms")
        // The card shows them too.
        for (label, text) in [("anniversary", "2010-06-12"), ("home IM", "xmpp:ada@jabber.org"), ("X-SPOUSE", "William King"),
                              ("work address", "2 Side St, 54321 Shelbyville")] {
            #expect(h.lines.contains { $0.contains(label) && $0.contains(text) }, "\(label): \(h.text)")
        }
        h.press("e wait:400ms")
        for (caption, text) in [("Anniversary", "2010-06-12"), ("IM 1", "xmpp:ada@jabber.org"), ("X-SPOUSE", "William King"), ("Address 2", "work")] {
            #expect(row(h, caption).contains(text), "\(caption): \(h.text)")
        }
        // A changed IM label rewrites its TYPE; the other kept lines stay as they were, in their order.
        h.press(tabs(34) + #"C-u "work" C-s wait:400ms"#)     // IM 1's label, past the two addresses
        #expect(try h.storedContacts(limit: 10).first?.extras == "IMPP;TYPE=work:xmpp:ada@jabber.org\r\nX-SPOUSE:William King\r\nANNIVERSARY:20100612")
    }

    @Test func wrongRowsAreRefusedWithTheirMessage() throws {
        let h = onContactList(width: 120, height: 40)
        h.press(#"a wait:400ms "Ada" "# + tabs(19) + #""2010-13-12" Tab Tab Tab Tab Tab Tab Tab Tab "jabber" Tab Tab Tab "SPOUSE!" Tab "x" C-s wait:400ms"#)
        #expect(h.text.contains("Nothing was saved"), "\(h.text)")
        #expect(row(h, "Anniversary").contains("Date like 1985-04-12 or 04-12"), "\(h.text)")
        #expect(row(h, "IM 1").contains("Like xmpp:ada@example.org."), "\(h.text)")
        #expect(row(h, "SPOUSE!").contains("A name like X-SPOUSE"), "\(h.text)")
        #expect(try h.storedContacts(limit: 10).isEmpty)
    }

    /// At each size the form scrolls to the field Tab reaches (its row on screen), typed text
    /// survives a resize in the middle, and a new row comes into view.
    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func everyFieldIsReachedAndShownAtEachSize(size: (Int, Int)) throws {
        let h = onContactList(width: size.0, height: size.1)
        h.press(#"a wait:400ms "Zoë""#)
        let window = h.app.window
        var seen = 0
        for _ in 0..<40 {
            h.press("Tab")
            guard let focus = window.firstResponder else { Issue.record("no focus"); break }
            let frame = focus.frameInWindow
            #expect(frame.minY >= 1 && frame.minY < size.1 - 3, "\(size): the focused field is off screen at \(frame): \(h.text)")
            seen += 1
        }
        #expect(seen == 40)
        h.press("resize:\(size.0 == 40 ? "100x30" : "40x12") wait:400ms resize:\(size.0)x\(size.1) wait:400ms")
        #expect(form(h)?.form.firstName == "Zoë")
        h.press("C-n")   // wherever the focus is: a row, the cursor in it, in view
        if let focus = window.firstResponder { #expect(focus.frameInWindow.minY < size.1 - 3, "\(h.text)") }
    }

    /// At 40 columns a field's message is on a row of its own under the field (beside it, from
    /// column 46, it was off screen); the rows under it move down, and it goes when fixed.
    @Test func onANarrowScreenMessagesAreUnderTheirFields() throws {
        let h = onContactList(width: 40, height: 12)
        h.press("a wait:400ms C-s")
        let first = try #require(h.lines.firstIndex { $0.contains("First name") })
        #expect(h.lines[first + 1].contains("A name or a company"), "\(h.text)")
        #expect(h.lines[first + 2].contains("Last name"), "\(h.text)")
        h.press(#""Ada" C-s"#)
        #expect(!h.text.contains("A name or a company"), "\(h.text)")
        #expect(try h.storedContacts(limit: 10).map(\.firstName) == ["Ada"])
        // Wide enough, beside the field as before.
        let wide = onContactList(width: 100, height: 30)
        wide.press("a wait:400ms C-s")
        #expect(wide.lines.first { $0.contains("First name") }?.contains("A name or a company") == true, "\(wide.text)")
    }

    /// The edit scene's boundary, with a spy store: an IM address and a custom field edited, a
    /// custom field removed, the photo and the other lines left byte for byte.
    @Test func theEditInteractorRewritesOnlyTheRowsThatChanged() throws {
        let store = ContactsStoreSpy()
        var stored = ContactRecord(firstName: "Grace", lastName: "Hopper")
        stored.extras = ["PHOTO;ENCODING=b;TYPE=JPEG:AAAA", "item1.IMPP;X-SERVICE-TYPE=Jabber;TYPE=pref:xmpp:grace@jabber.org",
                         "X-SPOUSE:None", "item2.X-ABRELATEDNAMES:Charles", "item2.X-ABLabel:colleague", "ANNIVERSARY:--0607",
                         "CATEGORIES:Navy"].joined(separator: "\r\n")
        let id = try store.add(stored)
        let interactor = EditContactInteractor(contactID: id, worker: EditContactWorker(store: store))
        interactor.fetchContact(request: .init())
        var form = try #require(interactor.originalForm)
        #expect(form.ims.map(\.value) == ["xmpp:grace@jabber.org"] && form.anniversary == "--06-07")
        #expect(form.customs.map(\.name) == ["X-SPOUSE", "X-ABRELATEDNAMES"] && form.customs.map(\.value) == ["None", "Charles"])
        form.ims[0].value = "xmpp:grace@navy.example"
        form.ims[0].label = "work"
        form.customs.remove(at: 0)
        form.customs[0].value = "Charles Babbage, esq."
        interactor.saveContact(request: .init(form: form))
        let after = try #require(try store.contact(id: id))
        #expect(after.extras == ["PHOTO;ENCODING=b;TYPE=JPEG:AAAA", "item1.IMPP;TYPE=work,pref;X-SERVICE-TYPE=Jabber:xmpp:grace@navy.example",
                                 "item2.X-ABRELATEDNAMES:Charles Babbage\\, esq.", "item2.X-ABLabel:colleague", "ANNIVERSARY:--0607",
                                 "CATEGORIES:Navy"].joined(separator: "\r\n"), "\(after.extras)")
    }

    /// The rules at the validator: a stored value the rules refuse is never a problem while left as it was.
    @Test func storedRowsTheRulesRefuseStayWhenLeftAlone() throws {
        var record = ContactRecord(firstName: "Ada", lastName: "")
        record.extras = "IMPP:not a uri\r\nx-lower:kept\r\nANNIVERSARY:sometime"
        let form = ContactForm(record)
        #expect(form.customs.map(\.name) == ["x-lower"] && form.anniversary == "sometime")
        let saved = try ContactValidator.validate(form, leaving: form).get()
        #expect(saved.extras == record.extras)
        var changed = form
        changed.ims[0].value = "still not one"
        guard case .failure(let problems) = ContactValidator.validate(changed, leaving: form) else { Issue.record("accepted"); return }
        #expect(problems.messages == ["im.0": "Like xmpp:ada@example.org."])
    }
}
