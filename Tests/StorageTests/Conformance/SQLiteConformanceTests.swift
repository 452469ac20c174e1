import AppServices
import Testing
@testable import Storage

/// `StoreConformance` on an SQLite file in a temp folder.
@Suite("Store conformance: SQLite")
struct SQLiteConformanceTests {
    func fixture() throws -> StoreFixture { try StoreFixture(.sqlite) }

    @Test func accounts() throws { try StoreConformance.accounts(fixture()) }
    @Test func signInBackoff() throws { try StoreConformance.signInBackoff(fixture()) }
    @Test func changePasswordAndDeleteAccount() throws { try StoreConformance.changePasswordAndDeleteAccount(fixture()) }
    @Test func contactsRoundTrip() throws { try StoreConformance.contactsRoundTrip(fixture()) }
    @Test func listOrderAndPaging() throws { try StoreConformance.listOrderAndPaging(fixture()) }
    @Test func friendsKeysetPaging() throws { try StoreConformance.friendsKeysetPaging(fixture()) }
    @Test func search() throws { try StoreConformance.search(fixture()) }
    @Test func displayNames() throws { try StoreConformance.displayNames(fixture()) }
    @Test func groupCards() throws { try StoreConformance.groupCards(fixture()) }
    @Test func contactsWithAnEmail() throws { try StoreConformance.contactsWithAnEmail(fixture()) }
    @Test func addingManyIsOneTransaction() throws { try StoreConformance.addingManyIsOneTransaction(fixture()) }
    @Test func emailAddressesPreferredFirst() throws { try StoreConformance.emailAddressesPreferredFirst(fixture()) }
    @Test func anEditFromAnOldReadIsRefused() throws { try StoreConformance.anEditFromAnOldReadIsRefused(fixture()) }
    @Test func activity() throws { try StoreConformance.activity(fixture()) }
    @Test func settings() throws { try StoreConformance.settings(fixture()) }
    @Test func settingsCyclingIsOneLine() throws { try StoreConformance.settingsCyclingIsOneLine(fixture()) }
    @Test func populate() throws { try StoreConformance.populate(fixture()) }
    @Test func syncQueueAnImportAndAnotherClientsWritesAreQueuedInOrder() throws {
        try SyncQueueConformance.anImportAndAnotherClientsWritesAreQueuedInOrder(fixture())
    }
    @Test func syncQueueConflictsAndProblemsAreKeptWhole() throws { try SyncQueueConformance.conflictsAndProblemsAreKeptWhole(fixture()) }
    @Test func syncQueueAFailedSyncKeepsTheTimeOfTheLastOneThatWorked() throws {
        try SyncQueueConformance.aFailedSyncKeepsTheTimeOfTheLastOneThatWorked(fixture())
    }
    @Test func syncQueueWithoutASyncAccountNothingIsQueued() throws { try SyncQueueConformance.withoutASyncAccountNothingIsQueued(fixture()) }
    @Test func syncQueueSettingUpQueuesTheContactsThereAreAsAddsAndNewOnesFollow() throws {
        try SyncQueueConformance.settingUpQueuesTheContactsThereAreAsAddsAndNewOnesFollow(fixture())
    }
    @Test func syncQueueASyncedContactsEditsAreOneQueuedEditAndItsDeleteCarriesHrefAndEtag() throws {
        try SyncQueueConformance.aSyncedContactsEditsAreOneQueuedEditAndItsDeleteCarriesHrefAndEtag(fixture())
    }
    @Test func syncQueueTheEnginesWritesQueueNothingAndAFailedApplyLeavesNothingBehind() throws {
        try SyncQueueConformance.theEnginesWritesQueueNothingAndAFailedApplyLeavesNothingBehind(fixture())
    }
}
