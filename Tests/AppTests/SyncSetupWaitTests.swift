import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import TUIKit

/// While the set-up form waits on the server (a child `switchboard sync add …`), it counts the
/// seconds waited and says that Esc cancels; Esc ends the child and gives the form back. An
/// address with a user name or password written into it is refused before anything starts.
@MainActor
@Suite(.serialized)
struct SyncSetupWaitTests {
    func form() throws -> (AppHarness, RecordedSyncProcesses, SyncSetupViewController) {
        let processes = RecordedSyncProcesses()
        let h = AppHarness(syncProcesses: { _ in processes })
        h.createAccount()
        h.switchboard.coordinator.show(.syncSetup)
        h.press("wait:400ms")
        return (h, processes, try #require(h.topController as? SyncSetupViewController))
    }

    @Test func theFormCountsTheSecondsWaitedAndEscCancels() throws {
        let (h, processes, form) = try form()
        h.press("\"https://dav.example.com/\" Enter \"alice\" Enter \"pw\" Enter Enter Enter wait:100ms")
        let discover = try #require(processes.last)
        #expect(form.message == "Looking for address books at https://dav.example.com/… 0 s · Esc cancels")
        h.press("wait:12s")
        #expect(form.message == "Looking for address books at https://dav.example.com/… 12 s · Esc cancels")
        #expect(h.lines.last?.contains("Cancel") == true, "the status line offers it: \(h.lines.last ?? "")")
        h.press("Esc wait:100ms")
        #expect(discover.cancelled, "the child was ended")
        #expect(h.topController === form, "still on the form")
        #expect(form.message.hasPrefix("Cancelled: nothing was added"))
        #expect(!form.isWaiting)
        h.press("wait:5s")
        #expect(form.message.hasPrefix("Cancelled"), "the count stopped")
        // The form is the person's again: asked again, then an answer; Esc now goes back.
        h.press("C-s wait:100ms")
        #expect(processes.runs.count == 2)
        processes.last?.prints(.error(.server(SyncServerFailure(.unreachable, url: "https://dav.example.com/", detail: "nothing answers there"))))
        processes.last?.exits(1)
        h.press("wait:100ms")
        #expect(form.message == "Not added: nothing answers there")
        h.press("Esc wait:400ms")
        #expect(!(h.topController is SyncSetupViewController))
    }

    @Test func addingCountsTooAndAnAnswerAfterEscIsIgnored() throws {
        let (h, processes, form) = try form()
        h.press("\"https://dav.example.com/\" Enter \"alice\" Enter \"pw\" Enter Enter Enter wait:100ms")
        processes.last?.prints(.book(url: "https://dav.example.com/alice/contacts/", name: "Contacts"))
        processes.last?.exits(0)
        h.press("wait:3s")
        let add = try #require(processes.last)
        #expect(processes.runs.count == 2 && add.arguments.contains("--addressbook"))
        #expect(form.message == "Adding alice at https://dav.example.com/… 3 s · Esc cancels")
        h.press("Esc wait:100ms")
        #expect(add.cancelled && form.message.hasPrefix("Cancelled"))
        #expect(h.topController === form)
    }

    @Test func anAddressWithAUserNameOrPasswordInItIsRefusedBeforeAnythingStarts() throws {
        let (h, processes, form) = try form()
        h.press("\"http://alice:alice%20pw@dav.example.com/\" Enter \"alice\" Enter \"pw\" Enter Enter Enter wait:100ms")
        #expect(processes.runs.isEmpty, "no child: the password would be an argument")
        #expect(form.urlField.validationMessage?.hasPrefix("The address without a user name or password in it") == true)
        #expect(SyncSetupViewController.hasUserInfo("https://bob@dav.example.com/"))
        #expect(!SyncSetupViewController.hasUserInfo("https://dav.example.com/~bob@home/"))
    }
}
