import Testing
@testable import TUIKit

@MainActor
@Suite("Observable")
struct ObservableTests {
    @Test func observersHearOldAndNewValues() {
        let count = Observable("0")
        var heard: [(String, String)] = []
        let token = count.observe { old, new in heard.append((old, new)) }
        count.value = "1"
        count.value = "1"   // every set notifies
        count.value = "7"
        #expect(heard.map(\.0) == ["0", "1", "1"])
        #expect(heard.map(\.1) == ["1", "1", "7"])
        _ = token
    }

    @Test func observeNewAndCallFiresAtOnce() {
        let items = Observable([1, 2])
        var calls: [[Int]] = []
        let token = items.observeNewAndCall { calls.append($0) }
        items.value.append(3)
        #expect(calls == [[1, 2], [1, 2, 3]])
        _ = token
    }

    @Test func invalidatingATokenStopsObserving() {
        let value = Observable(0)
        var calls = 0
        let token = value.observe { _, _ in calls += 1 }
        value.value = 1
        token.invalidate()
        value.value = 2
        #expect(calls == 1)
        #expect(value.observerCount == 0)
    }

    @Test func releasingATokenStopsObserving() {
        let value = Observable(0)
        var calls = 0
        var observers: [ObserverProtocol] = [value.observe { _, _ in calls += 1 }]
        value.value = 1
        observers.removeAll()
        value.value = 2
        #expect(calls == 1)
        #expect(value.observerCount == 0)
    }
}
