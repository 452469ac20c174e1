import AppServices
import Testing
@testable import Storage

/// The phones and e-mails of a PostgreSQL row, written as JSON and read back without
/// Foundation: what goes in comes out, however PostgreSQL prints the `jsonb`.
@Suite struct PostgresContactListsTests {
    @Test func whatIsWrittenIsReadBack() {
        let phones = [ContactRecord.Phone(label: "work", number: "+44 20 7946 0000"),
                      ContactRecord.Phone(label: "say \"hi\" \\ bye", number: "tab\there\nline"),
                      ContactRecord.Phone(label: "李 😀 é", number: "\u{1}\u{1F}")]
        let emails = ["ada@example.com", "quote\"d@example.com", "back\\slash@example.com", "ünïcödé@例え.jp"]
        let read = PostgresContactLists.decode(phones: PostgresContactLists.encode(phones: phones),
                                               emails: PostgresContactLists.encode(emails: emails))
        #expect(read.phones == phones)
        #expect(read.emails == emails)
    }

    @Test func postgresPrintsOfJsonbAreRead() {
        let read = PostgresContactLists.decode(phones: #"[["work", "+1 555"], ["h\u00f6me", "\ud83d\ude00"]]"#,
                                               emails: #"[ "a@b.c" , "d\/e@f.g" ]"#)
        #expect(read.phones == [.init(label: "work", number: "+1 555"), .init(label: "höme", number: "😀")])
        #expect(read.emails == ["a@b.c", "d/e@f.g"])
    }

    @Test func whatIsNotAListOfTextsIsLeftOut() {
        let read = PostgresContactLists.decode(phones: #"[["work"], 12, {"a": ["b"]}, ["x", null], []]"#,
                                               emails: #"["a@b.c", 1, true, null, {"k": "v"}, ["n"]]"#)
        #expect(read.phones == [.init(label: "work", number: ""), .init(label: "x", number: ""), .init(label: "", number: "")])
        #expect(read.emails == ["a@b.c"])
        for broken in ["", "[", "[\"a\"", "[\"a\",]", "\"a\" \"b\"", "[\"\\x\"]", "[\"\\u12\"]", "nonsense"] {
            #expect(PostgresContactLists.decode(phones: broken, emails: broken).emails.isEmpty, "\(broken)")
        }
    }
}
