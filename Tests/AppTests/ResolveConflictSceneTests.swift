import Testing
import AppServices
@testable import App

@MainActor
final class ResolveConflictPresenterSpy: ResolveConflictPresentationLogic {
    var loads: [ResolveConflict.Load.Response] = []
    var saves: [ResolveConflict.Save.Response] = []
    func presentLoad(response: ResolveConflict.Load.Response) { loads.append(response) }
    func presentSave(response: ResolveConflict.Save.Response) { saves.append(response) }
}

@MainActor
final class ResolveConflictDisplaySpy: ResolveConflictDisplayLogic {
    var loads: [ResolveConflict.Load.ViewModel] = []
    var saves: [ResolveConflict.Save.ViewModel] = []
    func displayLoad(viewModel: ResolveConflict.Load.ViewModel) { loads.append(viewModel) }
    func displaySave(viewModel: ResolveConflict.Save.ViewModel) { saves.append(viewModel) }
}

/// The conflict scene's boundaries (Clean Swift VIP), each with a spy: what the interactor hands
/// the presenter, and what the presenter hands the view.
@MainActor
@Suite("Conflict scene: pick field by field")
struct ResolveConflictSceneTests {
    /// Grace as she was opened, the change saved elsewhere first (a company), and the person's (a last name).
    func scene() throws -> (interactor: ResolveConflictInteractor, presenter: ResolveConflictPresenterSpy, store: InMemoryContacts, id: Int64) {
        let store = InMemoryContacts()
        let id = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        let read = try #require(try store.contact(id: id))
        var theirs = read
        theirs.company = "US Navy"
        #expect(try store.update(theirs))
        var yours = read
        yours.lastName = "Brewster Hopper"
        let interactor = ResolveConflictInteractor(yours: yours, read: read, worker: EditContactWorker(store: store))
        let presenter = ResolveConflictPresenterSpy()
        interactor.presenter = presenter
        return (interactor, presenter, store, id)
    }

    @Test func theFieldsThatDifferAreListedEachWithTheSideThatChangedIt() throws {
        let s = try scene()
        s.interactor.load(request: .init())
        let rows = try #require(s.presenter.loads.last?.rows)
        #expect(rows == [.init(label: "Last name", yours: "Brewster Hopper", theirs: "Hopper", pick: .yours),
                         .init(label: "Company", yours: "", theirs: "US Navy", pick: .theirs)])
    }

    @Test func picksChangeOnlyTheirRowAndTheSaveKeepsBothSidesChoices() throws {
        let s = try scene()
        s.interactor.load(request: .init())
        s.interactor.pick(request: .init(index: 0, side: nil))           // the other side
        #expect(s.presenter.loads.last?.rows?.map(\.pick) == [.theirs, .theirs])
        s.interactor.pick(request: .init(index: 0, side: .yours))
        s.interactor.pick(request: .init(index: 9, side: .yours))         // no such row: nothing happens
        #expect(s.presenter.loads.last?.rows?.map(\.pick) == [.yours, .theirs])
        s.interactor.save(request: .init())
        #expect(s.presenter.saves == [.init(saved: true)])
        let stored = try #require(try s.store.contact(id: s.id))
        #expect(stored.lastName == "Brewster Hopper" && stored.company == "US Navy")
    }

    /// The form's newer fields are compared too: the person's IM address and display name, their
    /// title; each side's change kept, the groups' line left to its own row.
    @Test func theDisplayNameAndTheKeptLinesAreFieldsOfTheirOwn() throws {
        let store = InMemoryContacts()
        var grace = ContactRecord(firstName: "Grace", lastName: "Hopper")
        grace.extras = "IMPP:xmpp:grace@jabber.org\r\nCATEGORIES:Navy"
        let id = try store.add(grace)
        let read = try #require(try store.contact(id: id))
        var theirs = read
        theirs.title = "Rear Admiral"
        theirs.categories = ["Navy", "Computing"]
        #expect(try store.update(theirs))
        var yours = read
        yours.formattedName = "Amazing Grace"
        yours.extras = "IMPP;TYPE=work:xmpp:grace@navy.example\r\nCATEGORIES:Navy"
        let interactor = ResolveConflictInteractor(yours: yours, read: read, worker: EditContactWorker(store: store))
        let presenter = ResolveConflictPresenterSpy()
        interactor.presenter = presenter
        interactor.load(request: .init())
        let rows = try #require(presenter.loads.last?.rows)
        #expect(rows.map(\.label) == ["Shown as", "Title", "Groups", "Other fields"], "\(rows)")
        #expect(rows.map(\.pick) == [.yours, .theirs, .theirs, .yours])
        #expect(rows.last?.yours == "IM xmpp:grace@navy.example (work)" && rows.last?.theirs == "IM xmpp:grace@jabber.org")
        interactor.save(request: .init())
        let stored = try #require(try store.contact(id: id))
        #expect(stored.formattedName == "Amazing Grace" && stored.title == "Rear Admiral" && stored.categories == ["Navy", "Computing"])
        #expect(stored.extras.hasPrefix("IMPP;TYPE=work:xmpp:grace@navy.example\r\n"), "\(stored.extras)")
    }

    @Test func aContactChangedAgainIsReadAgainAndNotOverwritten() throws {
        let s = try scene()
        s.interactor.load(request: .init())
        var again = try #require(try s.store.contact(id: s.id))
        again.notes = "changed once more"
        #expect(try s.store.update(again))                                 // after the screen read it
        s.interactor.save(request: .init())
        #expect(s.presenter.saves.last?.saved == false)
        #expect(s.presenter.saves.last?.error?.contains("changed again meanwhile") == true)
        #expect(try s.store.contact(id: s.id)?.lastName == "Hopper")       // nothing written over it
        #expect(s.presenter.loads.last?.rows?.map(\.label) == ["Last name", "Company", "Notes"])
        s.interactor.save(request: .init())                                // now on the newest
        let stored = try #require(try s.store.contact(id: s.id))
        #expect(stored.lastName == "Brewster Hopper" && stored.notes == "changed once more" && stored.company == "US Navy")
    }

    @Test func thePresenterShowsBothValuesWithThePickMarked() {
        let presenter = ResolveConflictPresenter()
        let view = ResolveConflictDisplaySpy()
        presenter.viewController = view
        presenter.presentLoad(response: .init(rows: [.init(label: "Notes", yours: "one\ntwo", theirs: "", pick: .theirs)]))
        #expect(view.loads.last?.lines == ["Notes       ○ yours: one⏎two   ● theirs: (none)"])
        #expect(view.loads.last?.message.contains("Pick each field's version") == true)
        presenter.presentLoad(response: .init(rows: nil, error: "Someone else deleted this contact meanwhile"))
        #expect(view.loads.last == .init(lines: [], message: "Someone else deleted this contact meanwhile"))
        presenter.presentSave(response: .init(saved: false, error: "Nothing was saved: gone"))
        #expect(view.saves.last == .init(saved: false, message: "Nothing was saved: gone"))
    }
}
