import CardMapping
import AppServices
import Interchange
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard query STRING`: every address of every contact the app's search finds for
/// STRING, best first (`QueryRanking`), one line per address (identical lines once), in the format
/// a mail client reads (`QueryFormat`): mutt's and neomutt's `query_command`, aerc's
/// `address-book-cmd`, vCards. `switchboard query --birthdays`: birthdays, the next first.
struct QueryCommand {
    var text: String?
    var birthdays = false
    var today: PartialDate?
    var format = QueryFormat.mutt
    /// The time the written-to counts are weighed at (tests); nil: now.
    var now: Int64?
    var opener = AccountOpener()
    var wantsHelp = false
    /// Whether a search of two characters is read from the store's `MailQueryIndex` (tests turn
    /// it off to compare it with the plain search).
    var usesIndex = true
    /// Whether any other search is read through the store's `MailAddressSearch` (tests turn it off
    /// to compare it with the addresses read contact by contact).
    var usesAddressSearch = true

    static let help = """
    usage: switchboard query STRING [--format mutt|aerc|vcard] [--user NAME | --team] [--db PATH]
           switchboard query --birthdays [--today YYYY-MM-DD] [--user NAME | --team] [--db PATH]
      STRING: every e-mail address of the contacts whose name, e-mail, phone, company or notes
      match (as the app's search finds them), one line per address, best first: a name, a word of
      it or the address starting with STRING before a match inside a word; within each, the people
      you write to most and most lately first (once `switchboard harvest` has read your mail),
      then by name.
      --format mutt (the default; mutt, neomutt): a first line saying how many lines follow, then
                    address TAB name TAB company; exit 1 when none match.
                    muttrc:  set query_command = "switchboard query %s"
      --format aerc (aerc, alot): address TAB name lines, nothing else; none is no line (exit 0).
                    aerc.conf: address-book-cmd = switchboard query --format aerc '%s'
      --format vcard: each matching contact's vCard 3.0, once.
      --birthdays: every birthday, the next one first (DATE TAB name).
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> QueryCommand {
        var command = QueryCommand()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--birthdays": command.birthdays = true
            case "--today":
                let value = try cursor.value(for: argument)
                guard let date = PartialDate(parsing: value) else { throw .badValue(flag: argument, value: value, expected: "a date like 2026-12-04") }
                command.today = date
            case "--format":
                let value = try cursor.value(for: argument)
                guard let format = QueryFormat(rawValue: value) else { throw .badValue(flag: argument, value: value, expected: "mutt, aerc or vcard") }
                command.format = format
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--team": command.opener.teamBook = true
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default:
                guard command.text == nil else { throw .unknownArgument(argument) }
                command.text = argument
            }
        }
        if command.text == nil && !command.birthdays && !command.wantsHelp { throw .missingValue("query STRING") }
        return command
    }

    func run(environment: [String: String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        var exitCode: Int32 = 0
        guard let store = opener.openStore(for: "query", environment: environment, errors: &errors, exitCode: &exitCode) else { return exitCode }
        do throws(ServiceError) {
            if birthdays { return try listBirthdays(store, output: &output) }
            let query = text ?? ""
            switch format {
            case .mutt, .aerc: return try answer(store, query: query, output: &output)
            case .vcard: return try cards(store, query: query, output: &output)
            }
        } catch {
            print("switchboard: query: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }

    /// The address lines, best first. A search of two characters is read from the store's
    /// `MailQueryIndex` where it has one (SQLite's kept lines, PostgreSQL's word starts read with
    /// the addresses; `indexedAnswer`): written as it is read, mutt's
    /// count first. Any other: aerc's are written as they are read (a starting match goes out at
    /// once, one inside a word waits for the end); mutt's first line says how many lines follow, so
    /// its answer is written whole at the end. Once `harvest` has counted whom the person writes
    /// to, within each kind of match those written to most (and most lately) come first
    /// (`MailCorrespondent.writtenScore`), the rest after in the list's order; the answer is then
    /// sorted, so aerc's lines too come out at the end.
    private func answer(_ store: any AddressBookService, query: String, output: inout some TextOutputStream) throws(ServiceError) -> Int32 {
        let written = try Self.writtenScores(store, now: now ?? Int64(time(nil)))
        if usesIndex, let index = store.mailQueryIndex,
           let code = try indexedAnswer(index, query: query, written: written, output: &output) {
            return code
        }
        let ranking = QueryRanking(query)
        let streams = format == .aerc && written.isEmpty
        // Rows as read (many contacts share an address, name and company) and lines as written.
        var read = Set<String>(), seen = Set<String>(), best: [RankedLine] = [], inside: [RankedLine] = []
        func take(_ rows: [(email: String, name: String, company: String)]) {
            var chunk = ""
            for row in rows {
                guard read.insert(row.email + "\t" + row.name + "\t" + row.company).inserted else { continue }
                let line = format.line(email: row.email, name: row.name, company: row.company)
                guard seen.insert(line).inserted else { continue }
                let ranked = RankedLine(text: line, score: written[MailClientLine.addressKey(row.email)] ?? (0, 0), place: best.count + inside.count)
                if ranking.startsAWord(name: row.name.isEmpty ? row.company : row.name, email: row.email) {
                    if streams { chunk += line + "\n" } else { best.append(ranked) }
                } else {
                    inside.append(ranked)
                }
            }
            if !chunk.isEmpty { output.write(chunk) }
        }
        // The store's one pass where it has one (rows read before left out there), else each batch
        // of matches' addresses read by their ids.
        var searched = false
        if usesAddressSearch, let search = store.mailAddressSearch {
            searched = try search.forEachEmailAddress(matching: query) { rows throws(ServiceError) -> Bool in
                take(rows)
                return true
            }
        }
        if !searched {
            try store.forEachContactID(matching: query) { ids throws(ServiceError) -> Bool in
                take(try store.emailAddresses(ofContacts: ids))
                return true
            }
        }
        if !written.isEmpty {
            best.sort(by: RankedLine.before)
            inside.sort(by: RankedLine.before)
        }
        if format == .aerc {
            var chunk = ""
            for line in best { chunk += line.text + "\n" }
            for line in inside { chunk += line.text + "\n" }
            if !chunk.isEmpty { output.write(chunk) }
            return 0
        }
        let count = best.count + inside.count
        guard count > 0 else { return noMatches(query, output: &output) }
        var chunk = countLine(count, query)
        for line in best { chunk += line.text + "\n" }
        for line in inside { chunk += line.text + "\n" }
        output.write(chunk)
        return 0
    }

    /// A search of two characters from the store's kept answers, written as it is read: mutt's
    /// count line (the count of the kept distinct lines: the lines that follow), then the lines
    /// of the people written to (found by their addresses, best first), then the rest of the
    /// starting matches in name order as the index hands them over, the people written to whose
    /// match is inside a word, the rest of those. Nil when the index does not answer the search.
    private func indexedAnswer(_ index: any MailQueryIndex, query: String, written: [String: (Double, Int64)],
                               output: inout some TextOutputStream) throws(ServiceError) -> Int32? {
        // mutt's count first; aerc's lines need none (a store that counts by reading the whole
        // answer, PostgreSQL's, would hold aerc's first line back for it).
        if format == .mutt {
            guard let count = try index.mailQueryLineCount(for: query) else { return nil }
            guard count > 0 else { return noMatches(query, output: &output) }
            output.write(countLine(count, query))
        }
        // The lines of the people written to, each as mutt's line (address, name, company) read back.
        guard let scoredLines = try index.mailQueryLines(for: query, addressKeys: Array(written.keys)) else { return nil }
        let ranking = QueryRanking(query)
        var scoredBest: [RankedLine] = [], scoredInside: [RankedLine] = []
        for (key, mutt) in scoredLines {
            let columns = mutt.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3 else { continue }
            let text = format == .mutt ? mutt : MailClientLine.aerc(fromMutt: mutt)
            let ranked = RankedLine(text: text, score: written[key] ?? (0, 0), place: 0)
            if ranking.startsAWord(name: columns[1], email: key) { scoredBest.append(ranked) } else { scoredInside.append(ranked) }
        }
        let byScore = { (a: RankedLine, b: RankedLine) in RankedLine.before(a, b) || (!RankedLine.before(b, a) && a.text < b.text) }
        scoredBest.sort(by: byScore)
        scoredInside.sort(by: byScore)
        var seen = Set<String>(), read = Set<String>(), insideWritten = false
        func add(_ lines: [RankedLine], to chunk: inout String) {
            for line in lines where seen.insert(line.text).inserted { chunk += line.text + "\n" }
        }
        var chunk = ""
        add(scoredBest, to: &chunk)
        if !chunk.isEmpty { output.write(chunk) }
        _ = try index.forEachMailQueryLine(for: query) { rows throws(ServiceError) -> Bool in
            var chunk = ""
            for row in rows {
                if row.insideAWord && !insideWritten {
                    insideWritten = true
                    add(scoredInside, to: &chunk)
                }
                guard read.insert(row.mutt).inserted else { continue }
                let line = format == .mutt ? row.mutt : MailClientLine.aerc(fromMutt: row.mutt)
                if seen.insert(line).inserted { chunk += line + "\n" }
            }
            if !chunk.isEmpty { output.write(chunk) }
            return true
        }
        if !insideWritten {
            chunk = ""
            add(scoredInside, to: &chunk)
            if !chunk.isEmpty { output.write(chunk) }
        }
        return 0
    }

    private func countLine(_ count: Int, _ query: String) -> String {
        "Switchboard: \(count) \(count == 1 ? "address" : "addresses") for “\(QueryFormat.column(query))”\n"
    }

    private func noMatches(_ query: String, output: inout some TextOutputStream) -> Int32 {
        print("No matches for “\(QueryFormat.column(query))”.", to: &output)
        return 1
    }

    /// One answer line and what places it: how much it was written to, then where the search found it.
    struct RankedLine {
        var text: String
        var score: (Double, Int64)
        var place: Int

        static func before(_ a: RankedLine, _ b: RankedLine) -> Bool {
            if a.score.0 != b.score.0 { return a.score.0 > b.score.0 }
            if a.score.1 != b.score.1 { return a.score.1 > b.score.1 }
            return a.place < b.place
        }
    }

    /// Each address the person wrote to, by the key of the address as mutt's line prints it
    /// (`MailClientLine.addressKey`; an ordinary address's is `MailCorrespondent.key`): how much,
    /// and when last (the most of two that print alike).
    static func writtenScores(_ store: any AddressBookService, now: Int64) throws(ServiceError) -> [String: (Double, Int64)] {
        guard let history = store.mailHistory else { return [:] }
        var scores: [String: (Double, Int64)] = [:]
        for person in try history.writtenTo() {
            let key = MailClientLine.addressKey(person.address), score = (person.writtenScore(now: now), person.lastSent ?? 0)
            if let known = scores[key], known >= score { continue }
            scores[key] = score
        }
        return scores
    }

    /// Each matching contact with an e-mail address as a vCard 3.0, best first, once; the best
    /// are written as they are read.
    private func cards(_ store: any AddressBookService, query: String, output: inout some TextOutputStream) throws(ServiceError) -> Int32 {
        let ranking = QueryRanking(query), revision = ContactCardMapping.timestamp()
        let writer = VCardWriter(version: .v30)
        var inside: [ContactRecord] = [], written = 0
        func text(of record: ContactRecord) -> String {
            if let kept = ContactCardMapping.keptCard(of: record, revision: revision) { return writer.write(kept) }
            return writer.write(ContactCardMapping.card(from: record))
        }
        try store.forEachContactID(matching: query) { ids throws(ServiceError) -> Bool in
            var chunk = ""
            for id in ids {
                guard let record = try store.contact(id: id), !record.emails.isEmpty else { continue }
                if record.emails.contains(where: { ranking.startsAWord(name: record.displayName, email: $0) }) {
                    chunk += text(of: record)
                    written += 1
                } else {
                    inside.append(record)
                }
            }
            if !chunk.isEmpty { output.write(chunk) }
            return true
        }
        for record in inside { output.write(text(of: record)) }
        return written + inside.count > 0 ? 0 : 1
    }

    private func listBirthdays(_ store: any AddressBookService, output: inout some TextOutputStream) throws(ServiceError) -> Int32 {
        let now = today ?? Self.localToday()
        let day = BirthdayDate.Day(year: now.year ?? 2000, month: now.month, day: now.day)
        // The stored birthday read as the Birthdays screen reads it; the contact by its display name (FN).
        let rows = try store.birthdays().compactMap { row -> (BirthdayDate, String)? in
            guard let date = row.date else { return nil }
            return (date, ContactRecord.shownName(displayName: row.displayName, firstName: row.firstName, lastName: row.lastName))
        }
        guard !rows.isEmpty else { print("No birthdays.", to: &output); return 1 }
        let sorted = rows.enumerated().sorted { a, b in
            let da = a.element.0.next(after: day).number, db = b.element.0.next(after: day).number
            return da != db ? da < db : a.offset < b.offset
        }
        for (_, (date, name)) in sorted { print("\(date.stored)\t\(QueryFormat.column(name))", to: &output) }
        return 0
    }

    static func localToday() -> PartialDate {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        return PartialDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }
}
