import Testing
@testable import App

/// Names are shown as stored (issue 36): a name with a capital anywhere is left alone; only a
/// name typed all in small letters gets capitals at the start of its parts.
@Suite("Names shown as stored")
struct ShownNameTests {
    @Test func particlesAndMixedCaseStayAsStored() {
        #expect(ShownName.full(first: "Vincent", last: "van Gogh") == "Vincent van Gogh")
        #expect(ShownName.full(first: "María", last: "de los Santos") == "María de los Santos")
        #expect(ShownName.full(first: "", last: "McCartney") == "McCartney")
        #expect(ShownName.full(first: "ada", last: "lovelace") == "Ada Lovelace")
        #expect(ShownName.parts(first: "中村", last: "博") == ("中村", "博"))
    }
}
