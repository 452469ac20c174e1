/// One address the mail harvest found, with how often and how lately the person wrote to it
/// (`sent`) and got mail from it (`received`); dates are seconds since 1970, UTC.
public struct MailCorrespondent: Equatable, Sendable {
    /// The address as it was last written.
    public var address: String
    /// The name last shown beside it ("" when none was).
    public var name: String
    public var sent: Int
    public var lastSent: Int64?
    public var received: Int
    public var lastReceived: Int64?

    public init(address: String, name: String = "", sent: Int = 0, lastSent: Int64? = nil, received: Int = 0, lastReceived: Int64? = nil) {
        self.address = address
        self.name = name
        self.sent = sent
        self.lastSent = lastSent
        self.received = received
        self.lastReceived = lastReceived
    }

    /// The key the counts are kept under: the address in lower case.
    public static func key(_ address: String) -> String { address.lowercased() }

    /// How much the person is written to, `now` being the time of asking: each time counts in
    /// full while the last was within 90 days, half as much for each 90 days more (so a person
    /// written to 50 times three years ago is below one written to 10 times this month).
    public func writtenScore(now: Int64) -> Double {
        guard sent > 0 else { return 0 }
        let age = max(0, now - (lastSent ?? 0)) - 90 * 86400
        guard age > 0 else { return Double(sent) }
        var score = Double(sent)
        var left = age
        while left > 0 && score > 1e-9 {
            score *= left >= 90 * 86400 ? 0.5 : 1 - 0.5 * Double(left) / Double(90 * 86400)
            left -= 90 * 86400
        }
        return score
    }

    /// One person's counts over several addresses: the times added, the latest of the dates; nil for none.
    public static func summed(_ counts: [MailCorrespondent]) -> MailCorrespondent? {
        guard var sum = counts.first else { return nil }
        for more in counts.dropFirst() {
            sum.sent += more.sent
            sum.received += more.received
            sum.lastSent = [sum.lastSent, more.lastSent].compactMap { $0 }.max()
            sum.lastReceived = [sum.lastReceived, more.lastReceived].compactMap { $0 }.max()
        }
        return sum
    }
}
