import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

@MainActor
final class AddContactPresenterSpy: AddContactPresentationLogic {
    var responses: [AddContact.SaveContact.Response] = []
    func presentSave(response: AddContact.SaveContact.Response) { responses.append(response) }
}

@MainActor
final class AddContactDisplaySpy: AddContactDisplayLogic {
    var viewModels: [AddContact.SaveContact.ViewModel] = []
    func displaySave(viewModel: AddContact.SaveContact.ViewModel) { viewModels.append(viewModel) }
}

@MainActor
final class EditContactPresenterSpy: EditContactPresentationLogic {
    var fetched: [EditContact.FetchContact.Response] = []
    var saved: [EditContact.SaveContact.Response] = []
    func presentContact(response: EditContact.FetchContact.Response) { fetched.append(response) }
    func presentSave(response: EditContact.SaveContact.Response) { saved.append(response) }
    var stops: [EditContact.StopSave.Response] = []
    func presentStopSave(response: EditContact.StopSave.Response) { stops.append(response) }
}

@MainActor
final class ShowContactDisplaySpy: ShowContactDisplayLogic {
    var contacts: [ShowContact.GetContact.ViewModel] = []
    var deletes: [ShowContact.DeleteContact.ViewModel] = []
    func displayContact(viewModel: ShowContact.GetContact.ViewModel) { contacts.append(viewModel) }
    func displayDelete(viewModel: ShowContact.DeleteContact.ViewModel) { deletes.append(viewModel) }
    var merges: [ShowContact.MergeDuplicate.ViewModel] = []
    func displayMerge(viewModel: ShowContact.MergeDuplicate.ViewModel) { merges.append(viewModel) }
    var actions: [String] = []
    func displayAction(viewModel: ShowContact.ActionMessage) { actions.append(viewModel.message) }
}

@MainActor
final class AddContactBusinessLogicSpy: AddContactBusinessLogic {
    var requests: [AddContact.SaveContact.Request] = []
    func saveContact(request: AddContact.SaveContact.Request) { requests.append(request) }
}

@MainActor
@Suite("Contact card, add and edit scenes (VIP boundaries)")
struct ContactScenesTests {
    func form(_ first: String, _ last: String, phone: String = "", email: String = "") -> ContactForm {
        var f = ContactForm()
        f.firstName = first
        f.lastName = last
        if !phone.isEmpty { f.phones[0] = ("mobile", phone) }
        f.emails[0] = email
        return f
    }

    @Test func addInteractorStoresOnlyValidForms() {
        let store = ContactsStoreSpy()
        let interactor = AddContactInteractor(worker: AddContactWorker(store: store))
        let presenter = AddContactPresenterSpy()
        interactor.presenter = presenter
        interactor.saveContact(request: .init(form: form("", " ", phone: "12ab", email: "nope")))
        #expect(store.records.isEmpty)
        #expect(Set(presenter.responses[0].problems.messages.keys) == ["firstName", "phone.0", "email.0"])
        interactor.saveContact(request: .init(form: form("ivan", "petrov", phone: "+7 (495) 123-45-67", email: "ivan@example.ru")))
        #expect(store.records.count == 1)
        #expect(store.records[0].phones == [.init(label: "mobile", number: "+7 (495) 123-45-67")])
        #expect(presenter.responses[1].savedID == store.records[0].id)
        #expect(interactor.savedContactID == store.records[0].id)
    }

    @Test func validationRules() {
        func problems(_ f: ContactForm) -> Set<String> {
            if case .failure(let p) = ContactValidator.validate(f) { return Set(p.messages.keys) }
            return []
        }
        #expect(problems(form("Cher", "")) == [])
        #expect(problems(form("", "")) == ["firstName"])
        #expect(problems(form("A", "", phone: "12")) == ["phone.0"])
        #expect(problems(form("A", "", phone: "(0) 12 34")) == [])
        #expect(problems(form("A", "", email: "a@b")) == ["email.0"])
        #expect(problems(form("A", "", email: "a@b.org")) == [])
        #expect(problems(form(String(repeating: "x", count: 81), "")) == ["firstName"])
        #expect(problems(form("Bell\u{7}", "")) == ["firstName"])
        var labelOnly = form("A", "")
        labelOnly.phones[1] = ("work", "")
        #expect(problems(labelOnly) == ["phone.1"])
    }

    @Test func addPresenterTurnsProblemsIntoFieldMessages() {
        let presenter = AddContactPresenter()
        let display = AddContactDisplaySpy()
        presenter.viewController = display
        presenter.presentSave(response: .init(savedID: nil, problems: .init(messages: ["email.0": "Not an email address."])))
        presenter.presentSave(response: .init(savedID: 7, problems: .init()))
        #expect(display.viewModels == [.init(fieldMessages: ["email.0": "Not an email address."], saved: false),
                                       .init(fieldMessages: [:], saved: true)])
    }

    @Test func addViewControllerSendsTheFormAndAsksBeforeDiscarding() {
        let vc = AddContactViewController()
        let interactor = AddContactBusinessLogicSpy()
        let router = AddContactRouter()
        let coordinator = CoordinatorSpy()
        router.coordinator = coordinator
        vc.interactor = interactor
        vc.router = router
        let h = Harness(width: 80, height: 24, root: NavigationController(rootViewController: vc))
        h.press(#""ada" Tab "lovelace" C-s"#)
        #expect(interactor.requests.map(\.form.firstName) == ["ada"])
        #expect(interactor.requests.map(\.form.lastName) == ["lovelace"])
        h.press("Esc wait:400ms")
        #expect(h.text.contains("Discard changes?"))
        #expect(coordinator.pops == 0)
        h.press("Enter wait:400ms")                           // Keep editing has the focus
        #expect(coordinator.pops == 0)
        h.press("Esc wait:400ms Left Enter wait:400ms")       // Discard
        #expect(coordinator.pops == 1)
    }

    @Test func editInteractorLoadsSavesAndNoticesDeletion() throws {
        let store = ContactsStoreSpy()
        let id = try store.add(ContactRecord(firstName: "ada", lastName: "lovelace", emails: ["ada@example.org"]))
        let interactor = EditContactInteractor(contactID: id, worker: EditContactWorker(store: store))
        let presenter = EditContactPresenterSpy()
        interactor.presenter = presenter
        interactor.fetchContact(request: .init())
        #expect(presenter.fetched[0].form?.emails[0] == "ada@example.org")
        interactor.saveContact(request: .init(form: presenter.fetched[0].form!))   // unchanged: done, nothing written
        #expect(presenter.saved.removeFirst().saved)
        #expect(store.updated.isEmpty)
        var changed = presenter.fetched[0].form!
        changed.lastName = "King"
        interactor.saveContact(request: .init(form: changed))
        #expect(presenter.saved[0].saved)
        #expect(store.records[0].lastName == "King")
        changed.emails[0] = "broken"
        interactor.saveContact(request: .init(form: changed))
        #expect(!presenter.saved[1].saved)
        #expect(store.records[0].emails == ["ada@example.org"])   // nothing saved
        _ = try store.delete(id: id)
        changed.emails[0] = ""
        interactor.saveContact(request: .init(form: changed))
        #expect(presenter.saved[2].error?.contains("deleted") == true)
    }

    /// An iPhone's card keeps Apple's own labels for the phone to read back; the card shows them as words.
    @Test func applesLabelsAreShownAsWords() {
        let presenter = ShowContactPresenter()
        let display = ShowContactDisplaySpy()
        presenter.viewController = display
        var apple = ContactRecord(firstName: "john", lastName: "doe", phones: [.init(label: "_$!<AssistantPhone>!$_", number: "905-222-1234"),
                                                                               .init(label: "boat", number: "905-333-1234")],
                                  emails: ["john@example.org"])
        apple.emailLabels = ["_$!<Other>!$_"]
        apple.addresses = [.init(label: "_$!<HomeFAX>!$_", street: "Silicon Alley 5", city: "New York")]
        presenter.presentContact(response: .init(contact: apple))
        #expect(display.contacts[0].lines.map(\.label) == ["assistant phone", "boat", "other email", "home fax address", "friend"])
    }

    @Test func showContactPresenterBuildsTheCard() {
        let presenter = ShowContactPresenter()
        let display = ShowContactDisplaySpy()
        presenter.viewController = display
        presenter.presentContact(response: .init(contact: ContactRecord(firstName: "ivan", lastName: "petrov",
                                                                         phones: [.init(label: "home", number: "123 45")],
                                                                         company: "Roscosmos", isFriend: true)))
        let vm = display.contacts[0]
        #expect(vm.fullName == "Ivan Petrov")
        #expect(vm.lines.map(\.label) == ["home", "company", "friend"])
        #expect(vm.lines.last?.value == "yes ★")
        var full = ContactRecord(firstName: "grace", lastName: "hopper", company: "US Navy", notes: "COBOL")
        full.title = "Rear Admiral"; full.nickname = "Amazing Grace"; full.birthday = "--12-09"; full.url = "https://navy.mil"
        full.addresses = [.init(label: "work", street: "1 Navy Way\nBuilding 2", city: "Arlington", region: "VA", postalCode: "22202")]
        presenter.presentContact(response: .init(contact: full))
        #expect(display.contacts[1].lines.map { "\($0.label): \($0.value)" } == [
            "company: US Navy", "title: Rear Admiral", "nickname: Amazing Grace", "birthday: 9 Dec", "web: https://navy.mil",
            "work address: 1 Navy Way, Building 2, 22202 Arlington, VA", "notes: COBOL", "friend: no"])
        var titled = ContactRecord(firstName: "grace", lastName: "hopper", phones: [.init(label: "mobile", number: "555 0199"), .init(label: "work", number: "555 0100")],
                                   emails: ["grace@navy.mil", "g@example.org"])
        titled.namePrefix = "Rear Adm."; titled.nameSuffix = "PhD"; titled.emailLabels = ["work", ""]
        titled.preferredEmail = 1; titled.preferredPhone = 1
        presenter.presentContact(response: .init(contact: titled))
        #expect(display.contacts[2].lines.map { "\($0.label): \($0.value)" } == [
            "name: Rear Adm. Grace Hopper PhD", "mobile: 555 0199", "work: 555 0100 (preferred)", "work email: grace@navy.mil",
            "email: g@example.org (preferred)", "friend: no"])
        presenter.presentContact(response: .init(contact: nil))
        #expect(display.contacts[3].missingMessage == "There is no such contact (deleted, or never made).")
    }

    @Test func showContactInteractorUsesItsDataStoreID() throws {
        let store = ContactsStoreSpy()
        let id = try store.add(ContactRecord(firstName: "ada", lastName: "lovelace"))
        let interactor = ShowContactInteractor(contactID: id, worker: ShowContactWorker(store: store))
        let presenter = ShowContactPresenter()
        let display = ShowContactDisplaySpy()
        presenter.viewController = display
        interactor.presenter = presenter
        interactor.getContact(request: .init())
        interactor.toggleFriend(request: .init())
        #expect(display.contacts.last?.isFriend == true)
        let router = ShowContactRouter()
        let coordinator = CoordinatorSpy()
        router.dataStore = interactor
        router.coordinator = coordinator
        router.routeToEditContact()
        #expect(coordinator.shown == [.contactEdit(id: id)])
        interactor.deleteContact(request: .init())
        #expect(display.deletes == [.init(message: nil, leave: true)])
    }
}
