import TestSupport
import App
import AppServices
import Testing
import Foundation
import TUIKitTesting
@testable import Storage

/// A data file an older switchboard made, which cannot be written: this build must bring it up to
/// date before it can read it, and cannot. It said "is read-only, so nothing could be saved" at
/// the splash, as if something had been lost; it now says why it must write, and what to do.
@Suite("An older data file that cannot be written", .serialized)
struct OlderReadOnlyFileTests {
    enum Protected: String, CaseIterable, CustomStringConvertible, Sendable {
        case file = "the file cannot be written"
        case folder = "its folder cannot be written"
        var description: String { rawValue }
    }

    @Test(arguments: Protected.allCases)
    func itIsToldWhyItMustBeWrittenAndLeftAsItWas(_ protected: Protected) throws {
        let tmp = TempFolder()
        let folder = tmp.folder("data")
        let path = folder + "/old.sqlite3"
        do {
            let db = try SQLiteDatabase(path: path)
            // As version 22 wrote it: no kept mail-query lines.
            try db.execute("\(MigrationUndo.mailQuery) PRAGMA journal_mode = DELETE; PRAGMA user_version = 22")
        }
        let target = protected == .file ? path : folder
        #expect(WriteProtection.set(target), "could not protect \(target)")
        defer { WriteProtection.remove(target) }
        let before = FileManager.default.contents(atPath: path)

        var caught: ServiceError?
        do { _ = try SQLiteDatabase(path: path) } catch { caught = error }

        let error = try #require(caught, "an older file that cannot be written was opened")
        #expect(error.kind == .readOnly && error.code == .upgradeNeedsWrite, "\(error)")
        #expect(error.detail.hasPrefix("data version 22, this build uses \(SQLiteDatabase.schemaVersion); \(protected.rawValue) ("), "\(error.detail)")
        #expect(error.message.contains("was made by an older switchboard") && error.message.contains("make it writable for one start"),
                "\(error.message)")
        #expect(!error.message.contains("nothing could be saved"), "\(error.message)")
        #expect(FileManager.default.contents(atPath: path) == before, "the file was changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["old.sqlite3"], "side files were left")

        // Made writable again, it is brought up to date and read.
        WriteProtection.remove(target)
        let reopened = try SQLiteDatabase(path: path)
        #expect(reopened.userVersion == SQLiteDatabase.schemaVersion)
    }
}
