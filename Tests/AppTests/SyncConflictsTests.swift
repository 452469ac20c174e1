import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// The Conflicts scene: its VIP boundaries with spies, and on a virtual screen over a real data
/// file where the sync engine kept a conflict: a side picked field by field, saved, queued to go
/// out at the next sync, the conflict gone.
@MainActor
@Suite(.serialized)
struct SyncConflictsTests {
    final class WorkerSpy: SyncConflictsWorking {
        var listed: [SyncConflictItem] = []
        var settled: [(Int64, ContactRecord?)] = []
        var deleted: [Int64] = []
        func conflicts(then: @escaping @MainActor (Result<[SyncConflictItem], ServiceError>) -> Void) { then(.success(listed)) }
        func settle(_ id: Int64, with record: ContactRecord?, then: @escaping @MainActor (Result<Void, ServiceError>) -> Void) {
            settled.append((id, record)); listed.removeAll { $0.id == id }; then(.success(()))
        }
        func delete(contact id: Int64, settling conflict: Int64, then: @escaping @MainActor (Result<Void, ServiceError>) -> Void) {
            deleted.append(id)
            settle(conflict, with: nil, then: then)
        }
    }

    final class PresenterSpy: SyncConflictsPresentationLogic {
        var loads: [SyncConflicts.Load.Response] = []
        var settles: [SyncConflicts.Settle.Response] = []
        func presentLoad(response: SyncConflicts.Load.Response) { loads.append(response) }
        func presentSettle(response: SyncConflicts.Settle.Response) { settles.append(response) }
    }

    final class RouterSpy: SyncConflictsRoutingLogic {
        var picked: [(ContactRecord, Int)] = []
        func routeToPickFields(yours: ContactRecord, index: Int) { picked.append((yours, index)) }
    }

    final class DisplaySpy: SyncConflictsDisplayLogic {
        var shown: [SyncConflicts.Load.ViewModel] = []
        var messages: [String] = []
        func displayLoad(viewModel: SyncConflicts.Load.ViewModel) { shown.append(viewModel) }
        func displaySettle(message: String, isError: Bool) { messages.append(message) }
    }

    static let local = ContactRecord(firstName: "Ada", lastName: "King", company: "Analytical")

    func scene(_ items: [SyncConflictItem]) -> (SyncConflictsInteractor, WorkerSpy, PresenterSpy, RouterSpy) {
        let worker = WorkerSpy()
        worker.listed = items
        let interactor = SyncConflictsInteractor(worker: worker)
        let presenter = PresenterSpy(), router = RouterSpy()
        interactor.presenter = presenter
        interactor.router = router
        return (interactor, worker, presenter, router)
    }

    @Test func interactorOpensFieldPickingWithTheLocalVersionAsTheContact() {
        let (interactor, worker, presenter, router) = scene([SyncConflictItem(id: 7, contactID: 3, kind: .fields, fields: ["name"], local: Self.local, bookName: "Work")])
        interactor.load(request: .init())
        #expect(presenter.loads.last?.conflicts.count == 1)
        interactor.settle(request: .init(index: 0, choice: .pickFields))
        #expect(router.picked.count == 1 && router.picked[0].0.id == 3 && router.picked[0].0.revision == 0 && router.picked[0].0.company == "Analytical")
        #expect(worker.settled.isEmpty, "nothing settled before the picks are saved")
        interactor.pickedFieldsSaved(index: 0)
        #expect(worker.settled.map(\.0) == [7] && presenter.loads.last?.conflicts.isEmpty == true)
    }

    @Test func interactorKeepsTheServersOrMineOrDeletesHereAsChosen() {
        let items = [SyncConflictItem(id: 1, contactID: 10, kind: .deletedOnServer, fields: [], local: Self.local, bookName: "B"),
                     SyncConflictItem(id: 2, contactID: 11, kind: .deletedHere, fields: [], local: Self.local, bookName: "B"),
                     SyncConflictItem(id: 3, contactID: 12, kind: .fields, fields: ["phones"], local: Self.local, bookName: "B")]
        let (interactor, worker, presenter, _) = scene(items)
        interactor.load(request: .init())
        interactor.settle(request: .init(index: 0, choice: .keepMine))
        #expect(worker.settled.last?.0 == 1 && worker.settled.last?.1 == Self.local)
        interactor.settle(request: .init(index: 0, choice: .deleteHere))  // now the deleted-here one
        #expect(worker.deleted == [11] && worker.settled.last?.0 == 2 && worker.settled.last?.1 == nil)
        interactor.settle(request: .init(index: 0, choice: .keepMine))    // a fields conflict: nothing to keep "mine" of
        #expect(worker.settled.count == 2)
        interactor.settle(request: .init(index: 0, choice: .keepServers))
        #expect(worker.settled.last?.0 == 3 && worker.settled.last?.1 == nil)
        #expect(presenter.settles.last?.notice?.contains("next sync") == true)
    }

    @Test func presenterSaysWhoseWhichFieldsAndWhichBook() {
        let presenter = PresenterSpy()
        _ = presenter
        let real = SyncConflictsPresenter(), display = DisplaySpy()
        real.viewController = display
        real.presentLoad(response: .init(conflicts: [SyncConflictItem(id: 1, contactID: 1, kind: .fields, fields: ["name", "phones"], local: Self.local, bookName: "Work")]))
        #expect(display.shown.last?.rows.first?.text == "Ada King — both changed name, phones · Work")
        real.presentLoad(response: .init(conflicts: []))
        #expect(display.shown.last?.message.hasPrefix("No conflicts") == true)
    }

    @Test func onScreenAConflictIsPickedFieldByFieldAndQueuedToGoOut() throws {
        let processes = RecordedSyncProcesses()
        let h = AppHarness(syncProcesses: { _ in processes })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let sync = SQLiteSyncStore(database: db)
        let syncID = try sync.addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/a/", username: "alice",
                                         passwordCommand: "cat pw", caFile: nil, books: [("https://dav.example.com/a/work/", "Work")])
        let book = try #require(try sync.books(of: syncID).first)
        let contacts = SQLiteContactsStore(database: db, accountID: ada.id)
        // The server's version is in the list (as the engine leaves it); the local one is kept beside it.
        let id = try sync.applying { () throws(ServiceError) -> Int64 in try contacts.add(ContactRecord(firstName: "Ada", lastName: "Byron", company: "Server Co")) }
        try sync.bind(contact: id, book: book.id, href: "https://dav.example.com/a/work/ada.vcf", etag: "\"1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        try sync.recordConflict(book: book.id, contact: id, href: "https://dav.example.com/a/work/ada.vcf", kind: .fields, fields: ["company"],
                                local: ContactRecord(firstName: "Ada", lastName: "Byron", company: "Analytical Engines"))
        #expect(try sync.pendingCount() == 0)
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms")
        #expect(h.text.contains("Conflicts") && h.lines.last!.contains("1 conflict"))
        h.press("c wait:400ms")
        #expect(h.text.contains("Ada Byron — both changed company · Work"))
        h.press("Enter wait:400ms")
        #expect(h.text.contains("Analytical Engines") && h.text.contains("Server Co"))
        h.press("C-s wait:400ms")
        #expect(h.topController is SyncConflictsViewController)
        #expect(h.text.contains("No conflicts") && h.text.contains("go out at the next sync"))
        #expect(try contacts.contact(id: id)?.company == "Analytical Engines")
        #expect(try sync.queue().map(\.kind) == [.edit], "the picks go out at the next sync")
        #expect(try sync.conflicts().isEmpty)
    }
}
