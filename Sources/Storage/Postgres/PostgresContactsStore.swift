import AppServices
#if canImport(Glibc)
import Glibc
#endif

/// The contacts of one account in a shared directory on PostgreSQL: the same answers as
/// `SQLiteContactsStore` on the same data. Every statement is limited to this account
/// (`account_id = $1`), so one account never reads or changes another's contacts; every
/// change is one transaction with its counts and its activity event.
///
/// Search: each contact's search row (`contact_search`: its list row's columns and its search
/// document, `SearchText.phraseDocument`) is under a pg_trgm index, and a search is the document
/// containing the phrase (`SearchText.searchPhrase`) — what SQLite's trigram index answers — in
/// list order; one or two characters are a word start (`contact_word_starts`).
///
/// One store reads one book or, for a team member, both books as one list (`Scope`): a query
/// is written once for either.
public final class PostgresContactsStore: ContactsService {
    let pg: PostgresConnection
    /// Whose contacts it reads: one account's, or a member's own and the team's (`Scope`).
    public let scope: Scope
    /// The account a new contact goes to, whose mail counts and Trash are the person's: the book's
    /// (in `.both`, the member's own).
    public let accountID: Int64
    let now: () -> Int64
    /// In a team's directory the database logs each contact change itself, with the role that made
    /// it (`PostgresTeamDirectory`): the store writes no event of its own for them.
    let databaseLogsChanges: Bool
    /// A team member's searches of three characters or more go through the directory's search
    /// functions (`PostgresTeamSearch`): under row-level security the trigram index is out of reach.
    let searchesAsMember: Bool
    /// In `.both`, each book's own store on the same connection (the member's own first), which
    /// the list's pages merge and a change to a contact goes through; empty for one book.
    let books: [PostgresContactsStore]

    /// One account's contacts.
    public convenience init(database: PostgresDatabase, accountID: Int64, now: @escaping () -> Int64 = { Int64(time(nil)) }) {
        self.init(database: database, scope: .book(accountID), now: now)
    }

    /// The contacts `scope` names.
    public init(database: PostgresDatabase, scope: Scope, now: @escaping () -> Int64 = { Int64(time(nil)) }) {
        self.pg = database.connection
        self.scope = scope
        self.accountID = scope.home
        self.now = now
        databaseLogsChanges = database.isTeamDirectory
        searchesAsMember = database.searchesThroughTeamFunctions
        if case .both = scope {
            books = scope.accounts.map { PostgresContactsStore(database: database, scope: .book($0), now: now) }
        } else {
            books = []
        }
    }

    /// Whether the store reads both books (and its list's pages merge them).
    var readsBothBooks: Bool { !books.isEmpty }

    /// How a search is run. From three characters: the search document contains the phrase
    /// (LIKE through the trigram index). With one or two: a word of the name starts with them —
    /// `contact_word_starts` holds each name word's first one and two characters in list order,
    /// which is what the word-start marks of SQLite's documents answer. Empty: everything.
    enum Match {
        case all
        case wordStart(String)
        case substring(like: String)

        init(_ query: String, region: PhoneRegion? = nil) {
            guard let phrase = SearchText.searchPhrase(for: query, region: region) else { self = .all; return }
            if phrase.hasPrefix("\u{1E}") {
                self = .wordStart(String(phrase.drop { $0 == "\u{1E}" }))
                return
            }
            var escaped = ""
            for c in phrase {
                if c == "\\" || c == "%" || c == "_" { escaped.append("\\") }
                escaped.append(c)
            }
            self = .substring(like: "%" + escaped + "%")
        }

        /// The matching contacts' ids and sort keys (as `m.id`, `m.sort_key`) for `$1` account and `$2`
        /// (the value returned), with `limitAndOffset` (its parameters) applied in list order.
        /// Counting (`ordered` false) takes them in any order.
        func matches(limitAndOffset: String, ordered: Bool = true) -> (sql: String, value: String)? {
            switch self {
            case .all: nil
            case .wordStart(let start):
                ("""
                 (SELECT contact_id AS id, sort_key FROM contact_word_starts WHERE account_id = $1 AND start = $2
                  \(ordered ? "ORDER BY sort_key, contact_id" : "") \(limitAndOffset)) m
                 """, start)
            case .substring(let like):
                ("(SELECT id, sort_key FROM contact_search WHERE account_id = $1 AND search_text LIKE $2 \(ordered ? "ORDER BY sort_key, id" : "") \(limitAndOffset)) m", like)
            }
        }
    }

    /// How `query` is run, a number in national form read by the account's phone region.
    func match(_ query: String) throws(ServiceError) -> Match { Match(query, region: try phoneRegion(for: query)) }

    /// The region the account's "Phone region" setting names (unset: the locale's), read only
    /// for a search that looks like a number; nil for any other.
    func phoneRegion(for query: String) throws(ServiceError) -> PhoneRegion? {
        guard SearchText.phoneDigits(SearchText.trimmed(query)) != nil else { return nil }
        let rows = try pg.execute("SELECT value FROM settings WHERE account_id = $1 AND key = 'phone_region'", [accountID])
        return PhoneRegion.chosen(by: rows.count > 0 ? rows.text(0, 0) : "")
    }

    /// The first one and two characters of each word of the name, in both orders (as the search
    /// document marks them, see `SearchText.namePart`), as a PostgreSQL text array literal.
    /// With `phones`, each number's first one and two digits too (as the search document marks them).
    static func nameStarts(firstName: String, lastName: String, displayName: String = "", middleName: String = "",
                           phones: [String] = [], cache: inout SearchText.FoldCache) -> String {
        let names = wordStarts(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName, cache: &cache)
        let quoted: [String] = (names + phoneStarts(phones, besides: names)).map { start in
            var quoted = "\""
            for c in start {
                if c == "\\" || c == "\"" { quoted.append("\\") }
                quoted.append(c)
            }
            return quoted + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }

    /// The first one and two digits of each phone number not in `besides` already.
    static func phoneStarts(_ numbers: [String], besides: [String]) -> [String] {
        var starts: [String] = []
        for number in numbers {
            let digits = SearchText.digits(of: number)
            for n in 1...2 where digits.count >= n {
                let start = String(digits.prefix(n))
                if !starts.contains(start) && !besides.contains(start) { starts.append(start) }
            }
        }
        return starts
    }

    /// The first one and two characters of each word of the name, in both orders.
    static func wordStarts(firstName: String, lastName: String, displayName: String = "", middleName: String = "",
                           cache: inout SearchText.FoldCache) -> [String] {
        var starts: [String] = []
        for token in SearchText.namePart(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName,
                                         cache: &cache).split(separator: " ")
        where token.hasPrefix("\u{1E}\u{1E}") {
            let word = token.dropFirst(2)
            for n in 1...2 where word.count >= n {
                let start = String(word.prefix(n))
                if !starts.contains(start) { starts.append(start) }
            }
        }
        return starts
    }

    static let summaryColumns = "id, first_name, last_name, is_friend, sort_key, display_name"

    public func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int {
        if readsBothBooks { return try countOfBothBooks(matching: query, upTo: cap) }
        guard let (matches, value) = try match(query).matches(limitAndOffset: "LIMIT $3", ordered: false) else {
            let total = try pg.scalarInt("SELECT coalesce((SELECT total FROM contact_counts WHERE account_id = $1), 0)", [accountID]) ?? 0
            return Int(min(Int64(cap), total))
        }
        if searchesAsMember, case .substring(let like) = try match(query) { return try memberCount(like: like, upTo: cap) }
        if case .substring(let like) = try match(query), let counted = try countFromTheTop(like: like, upTo: cap) { return counted }
        return Int(try throughTrigrams(query) { () throws(ServiceError) in
            try pg.scalarInt("SELECT count(*) FROM \(matches)", [accountID, value, Int64(min(cap, Int(Int64.max)))])
        } ?? 0)
    }

    public func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        if readsBothBooks { return try contactsOfBothBooks(matching: query, offset: offset, limit: limit) }
        guard let (matches, value) = try match(query).matches(limitAndOffset: "LIMIT $3 OFFSET $4") else {
            // Past the middle, counted from the end (the count is kept), so End costs what the top costs.
            let total = try count(matching: "", upTo: .max)
            if offset > total / 2 {
                let fromEnd = max(0, total - offset - limit), take = max(0, min(limit, total - offset))
                let rows = try pg.execute("SELECT \(Self.summaryColumns) FROM contacts WHERE account_id = $1 ORDER BY sort_key DESC, id DESC LIMIT $2 OFFSET $3",
                                          [accountID, take, fromEnd])
                return Self.summaries(rows).reversed()
            }
            return Self.summaries(try pg.execute("SELECT \(Self.summaryColumns) FROM contacts WHERE account_id = $1 ORDER BY sort_key, id LIMIT $2 OFFSET $3",
                                                 [accountID, limit, offset]))
        }
        if searchesAsMember, case .substring(let like) = try match(query) {
            let rows = try memberMatches(like: like, upTo: offset + limit)
            return offset < rows.count ? Self.summaries(rows, in: offset..<rows.count) : []
        }
        if case .substring(let like) = try match(query), let page = try pageFromTheTop(like: like, offset: offset, limit: limit) { return page }
        return Self.summaries(try throughTrigrams(query) { () throws(ServiceError) in
            try pg.execute("""
                SELECT c.id, c.first_name, c.last_name, c.is_friend, c.sort_key, c.display_name FROM \(matches)
                JOIN contacts c ON c.id = m.id ORDER BY m.sort_key, m.id
                """, [accountID, value, limit, offset])
        })
    }

    /// A page and its capped count from one statement: the first `cap` matches in list order,
    /// counted, the page cut from them. Found through the trigram index, every match is read
    /// and sorted for a first page anyway; counting them in a second statement found them all
    /// again (a third of a keystroke for a phrase in 12,000 of a million contacts). A phrase the
    /// planner expects in very many contacts, a cap past `countedPageLimit` or no phrase: the
    /// count and the page are read as ever.
    public func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if readsBothBooks { return try pageOfBothBooks(matching: query, in: .lastName, offset: offset, limit: limit, countingUpTo: cap) }
        let separately = { () throws(ServiceError) -> ContactsPage in
            ContactsPage(count: try self.count(matching: query, upTo: cap), rows: try self.contacts(matching: query, offset: offset, limit: limit))
        }
        guard case .substring(let like) = try match(query), offset >= 0, limit > 0, cap >= offset + limit, cap <= Self.countedPageLimit
        else { return try separately() }
        if searchesAsMember { return Self.countedPage(try memberMatches(like: like, upTo: cap), offset: offset, limit: limit) }
        if let (guess, total) = try plannedMatches(like: like) {
            let window = Double(cap) * 2 * Double(total) / Double(guess) // as countFromTheTop reckons
            if window <= Double(Self.topCountWindowLimit), window < Double(guess) / 2 {
                return try separately() // dense: both are read from the top of the list
            }
        }
        let rows = try throughTrigrams(query) { () throws(ServiceError) in
            try pg.execute("SELECT \(Self.summaryColumns) FROM contact_search WHERE account_id = $1 AND search_text LIKE $2 ORDER BY sort_key, id LIMIT $3",
                           [accountID, like, cap])
        }
        return Self.countedPage(rows, offset: offset, limit: limit)
    }

    /// The first matches in list order (as many as the count's cap), counted, and the page cut from them.
    static func countedPage(_ rows: PostgresRows, offset: Int, limit: Int) -> ContactsPage {
        let upTo = min(rows.count, offset + limit)
        return ContactsPage(count: rows.count, rows: offset < upTo ? summaries(rows, in: offset..<upTo) : [])
    }

    /// The largest cap `page(matching:…)` reads in one statement (the rows past the page cost
    /// about a microsecond each).
    static let countedPageLimit = 2_000

    /// A page of a phrase found in very many contacts (three digits of a shared phone prefix: a
    /// seventh of a million), read from the top of the list: the first rows in list order, as
    /// many as should hold the page three times over by the planner's guess of how many match,
    /// looked through for the phrase, where the trigram index would hand back every match to be
    /// sorted. Nil when the guess is of few matches or
    /// the rows looked at did not hold the page (the trigram index answers then).
    private func pageFromTheTop(like: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary]? {
        let wanted = offset + limit
        guard limit > 0, wanted <= 1_000 else { return nil }
        guard let (guess, total) = try plannedMatches(like: like) else { return nil }
        // Twice the rows that should hold the page, when the trigram index would have more to sort
        // (about a microsecond a row either way).
        let window = Double(wanted) * 2 * Double(total) / Double(guess)
        guard window <= Double(Self.topWindowLimit), window < Double(guess) / 2 else { return nil }
        let rows = try pg.execute("""
            SELECT id, first_name, last_name, is_friend, sort_key, display_name FROM (
                SELECT id, first_name, last_name, is_friend, sort_key, display_name, search_text FROM contact_search
                WHERE account_id = $1 ORDER BY sort_key, id LIMIT $3) top
            WHERE search_text LIKE $2 ORDER BY sort_key, id LIMIT $4 OFFSET $5
            """, [accountID, like, Int(window) + 1, limit, offset])
        // Complete when it holds the page, or when the rows looked at were all the account's.
        guard rows.count == limit || Int(window) + 1 >= total else { return nil }
        return Self.summaries(rows)
    }

    /// The most rows `pageFromTheTop` looks through.
    static let topWindowLimit = 5_000

    /// A capped count of a phrase the planner expects in very many contacts, from the top of the
    /// list as `pageFromTheTop` reads a page: when the first rows in list order (twice as many as
    /// should hold `cap` matches, at most `topCountWindowLimit`) hold `cap` of them, that is the
    /// answer, found as soon as the `cap`-th is (where the trigram index would first collect every
    /// match). Nil when the guess is of few matches or the rows
    /// looked at held fewer (the trigram index counts then).
    private func countFromTheTop(like: String, upTo cap: Int) throws(ServiceError) -> Int? {
        guard cap > 0, cap <= 5_000, let (guess, total) = try plannedMatches(like: like) else { return nil }
        let window = Double(cap) * 2 * Double(total) / Double(guess)
        guard window <= Double(Self.topCountWindowLimit), window < Double(guess) / 2 else { return nil }
        let found = try pg.scalarInt("""
            SELECT count(*) FROM (SELECT 1 FROM (SELECT search_text FROM contact_search WHERE account_id = $1 ORDER BY sort_key, id LIMIT $3) top
                                  WHERE search_text LIKE $2 LIMIT $4) m
            """, [accountID, like, Int(window) + 1, cap]) ?? 0
        // The answer when it reached the cap, or when the rows looked at were all the account's.
        guard found >= Int64(cap) || Int(window) + 1 >= total else { return nil }
        return Int(found)
    }

    /// The most rows `countFromTheTop` looks through (about what the trigram index would take).
    static let topCountWindowLimit = 20_000

    /// How many of this account's contacts the planner expects to hold the phrase, and how many it has.
    /// A keystroke asks for a count and then a page of one phrase: the second asks nothing again
    /// (the planner's guess and the total are kept for half a second, and dropped by any change
    /// this store makes), two round trips and a plan fewer a keystroke.
    private func plannedMatches(like: String) throws(ServiceError) -> (guess: Int, total: Int)? {
        let clock = ContinuousClock()
        if let memo = plannedMemo, memo.like == like, clock.now - memo.at < .milliseconds(500) { return memo.planned }
        let plan = try pg.execute("EXPLAIN SELECT 1 FROM contact_search WHERE account_id = $1 AND search_text LIKE $2", [accountID, like])
        guard plan.count > 0, let guess = Self.plannedRows(plan.text(0, 0)), guess > 0 else {
            plannedMemo = (like, clock.now, nil)
            return nil
        }
        let planned = (guess: guess, total: try count(matching: "", upTo: .max))
        plannedMemo = (like, clock.now, planned)
        return planned
    }

    /// The last phrase's plan (see `plannedMatches`).
    private var plannedMemo: (like: String, at: ContinuousClock.Instant, planned: (guess: Int, total: Int)?)?

    /// The row count in the first line of a plan ("… rows=121245 width=8)").
    static func plannedRows(_ line: String) -> Int? {
        guard let part = line.split(separator: " ").first(where: { $0.hasPrefix("rows=") }) else { return nil }
        return Int(part.dropFirst(5).prefix { $0.isNumber })
    }

    /// Runs a search of three characters or more through the trigram index: the planner
    /// guesses such a LIKE matches far more rows than it does and would scan the table (or
    /// the whole name order) instead. Word starts are one range of their own index.
    func throughTrigrams<T>(_ query: String, _ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
        guard case .substring = try match(query) else { return try body() }
        return try pg.transaction { () throws(ServiceError) -> T in
            try pg.executeScript("SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off")
            return try body()
        }
    }

    public func contacts(withEmail address: String) throws(ServiceError) -> [ContactSummary] {
        if readsBothBooks { return try contactsOfBothBooks(withEmail: address) }
        return Self.summaries(try pg.execute("""
            SELECT id, first_name, last_name, is_friend, sort_key, display_name FROM contacts c
            WHERE account_id = $1 AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(c.emails) e WHERE lower(e COLLATE switchboard_fold) = lower($2 COLLATE switchboard_fold))
            ORDER BY sort_key, id
            """, [accountID, address]))
    }

    /// One read by id (the primary key) for a window's rows: the preferred e-mail and phone (else
    /// the first) and the company.
    public func rowDetails(of ids: [Int64]) throws(ServiceError) -> [Int64: ContactRowDetails] {
        guard !ids.isEmpty else { return [:] }
        let rows = try pg.execute("""
            SELECT c.id, coalesce(c.emails ->> coalesce(c.preferred_email, 0), ''), coalesce(c.phones -> coalesce(c.preferred_phone, 0) ->> 1, ''),
                   coalesce(c.company, ''),
                   coalesce((SELECT b.display_name FROM sync_cards s JOIN sync_books b ON b.id = s.book_id WHERE s.contact_id = c.id), '')
            FROM contacts c WHERE \(accounts("c.account_id", 1)) AND c.id = ANY($2::bigint[])
            """, [accountsValue, "{" + ids.map(String.init).joined(separator: ",") + "}"])
        var details: [Int64: ContactRowDetails] = [:]
        for i in 0..<rows.count {
            details[rows.int64(i, 0)] = ContactRowDetails(email: rows.text(i, 1), phone: rows.text(i, 2), company: rows.text(i, 3), addressBook: rows.text(i, 4))
        }
        return details
    }

    static func summaries(_ rows: PostgresRows) -> [ContactSummary] { summaries(rows, in: 0..<rows.count) }

    static func summaries(_ rows: PostgresRows, in range: Range<Int>) -> [ContactSummary] {
        range.map { i in
            ContactSummary(id: rows.int64(i, 0), firstName: rows.text(i, 1), lastName: rows.text(i, 2), isFriend: rows.bool(i, 3), sortKey: rows.text(i, 4),
                           displayName: rows.text(i, 5))
        }
    }

    public func contact(id: Int64) throws(ServiceError) -> ContactRecord? {
        let rows = try pg.execute("""
            SELECT first_name, last_name, company, notes, is_friend, phones::text, emails::text,
                   coalesce(uid, ''), nickname, title, birthday, url, addresses, extras,
                   name_prefix, name_suffix, email_labels::text, preferred_email, preferred_phone, revision, card,
                   formatted_name, middle_name
            FROM contacts WHERE id = $1 AND \(accounts("account_id", 2))
            """, [id, accountsValue])
        guard rows.count == 1 else { return nil }
        let lists = PostgresContactLists.decode(phones: rows.text(0, 5), emails: rows.text(0, 6))
        var record = ContactRecord(id: id, firstName: rows.text(0, 0), lastName: rows.text(0, 1), phones: lists.phones, emails: lists.emails,
                                   company: rows.text(0, 2), notes: rows.text(0, 3), isFriend: rows.bool(0, 4))
        record.uid = rows.text(0, 7)
        record.nickname = rows.text(0, 8)
        record.title = rows.text(0, 9)
        record.birthday = rows.text(0, 10)
        record.url = rows.text(0, 11)
        record.addresses = StoredCardFields.decodeAddresses(rows.text(0, 12))
        record.extras = rows.text(0, 13)
        record.namePrefix = rows.text(0, 14)
        record.revision = rows.int64(0, 19)
        record.nameSuffix = rows.text(0, 15)
        record.emailLabels = PostgresContactLists.decode(phones: "[]", emails: rows.text(0, 16)).emails
        record.preferredEmail = rows.optionalInt64(0, 17).map { Int($0) }
        record.preferredPhone = rows.optionalInt64(0, 18).map { Int($0) }
        record.card = rows.text(0, 20)
        record.formattedName = rows.text(0, 21)
        record.middleName = rows.text(0, 22)
        return record
    }

    public func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? {
        try listIndex(ofContact: id, in: .lastName)
    }

    /// The values of a contact's columns, in `writeColumns` order.
    private func values(of contact: ContactRecord) -> [any PostgresValue] {
        [contact.firstName, contact.lastName, contact.company, contact.notes, contact.isFriend,
         contact.sortKey,
         PostgresContactLists.encode(phones: contact.phones), PostgresContactLists.encode(emails: contact.emails),
         contact.nickname, contact.title, contact.birthday, contact.url,
         StoredCardFields.encode(contact.addresses), contact.extras,
         contact.namePrefix, contact.nameSuffix, PostgresContactLists.encode(emails: StoredCardFields.emailLabels(of: contact)),
         contact.preferredEmail.flatMap { $0 < contact.emails.count ? Int64($0) : nil },
         contact.preferredPhone.flatMap { $0 < contact.phones.count ? Int64($0) : nil },
         contact.displayName, contact.formattedName, contact.middleName]
    }

    /// The first-name and company orders' keys of a contact (`ContactListOrder`).
    private func otherSortKeys(of contact: ContactRecord) -> [any PostgresValue] {
        var cache = SearchText.FoldCache()
        let keys = contact.otherSortKeys(cache: &cache)
        return [keys.firstName, keys.company]
    }

    /// A contact's row of `contact_search` after its id and account: sort key, names, friend, document, display name.
    private func searchValues(of contact: ContactRecord) -> [any PostgresValue] {
        [contact.sortKey, contact.firstName, contact.lastName,
         contact.isFriend, SearchText.phraseDocument(for: contact), contact.displayName]
    }

    static func nameStarts(_ contact: ContactRecord) -> String {
        var cache = SearchText.FoldCache()
        return nameStarts(firstName: contact.firstName, lastName: contact.lastName, displayName: contact.displayName,
                          middleName: contact.middleName, phones: contact.phones.map(\.number), cache: &cache)
    }

    public func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        try add(contact, logged: .contactAdded)
    }

    public func add(_ contacts: [ContactRecord]) throws(ServiceError) -> [Int64] {
        try pg.transaction { () throws(ServiceError) -> [Int64] in
            var ids: [Int64] = []
            for contact in contacts { ids.append(try add(contact)) }
            return ids
        }
    }

    /// Stores a new contact, logged as `logged` (a contact brought back from the Trash: `.contactRestored`).
    func add(_ contact: ContactRecord, logged: ActivityKind) throws(ServiceError) -> Int64 {
        try pg.transaction { () throws(ServiceError) -> Int64 in
            let time = now()
            let rows = try pg.execute("""
                INSERT INTO contacts (first_name, last_name, company, notes, is_friend, sort_key, phones, emails,
                                      nickname, title, birthday, url, addresses, extras,
                                      name_prefix, name_suffix, email_labels, preferred_email, preferred_phone,
                                      display_name, formatted_name, middle_name, uid, account_id, created_at, updated_at, card,
                                      sort_key_first, sort_key_company)
                VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12, $13, $14,
                        $15, $16, $17::jsonb, $18, $19, $20, $21, $22, nullif($23, ''), $24, $25, $25, $26, $27, $28)
                RETURNING id
                """, values(of: contact) + [contact.uid, accountID, time, contact.card] + otherSortKeys(of: contact))
            let id = rows.int64(0, 0)
            try pg.execute("""
                INSERT INTO contact_search (id, account_id, sort_key, first_name, last_name, is_friend, search_text, display_name)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                """, [id, accountID] + searchValues(of: contact))
            try writeWordStarts(contact, id: id)
            try PostgresMailQueryRows.write(contact, id: id, account: accountID, on: pg)
            try writeGroups(contact, id: id, replacing: false)
            try adjustCounts(total: 1, friends: contact.isFriend ? 1 : 0)
            try log(logged, name: contact.displayName, id: id)
            return id
        }
    }

    public func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        guard let id = contact.id else { return false }
        if readsBothBooks { return try book(of: id)?.update(contact) ?? false }
        return try pg.transaction { () throws(ServiceError) -> Bool in
            let old = try pg.execute("SELECT is_friend, first_name, last_name, revision, phones::text, display_name, middle_name, sort_key FROM contacts WHERE id = $1 AND account_id = $2 FOR UPDATE", [id, accountID])
            guard old.count == 1 else { return try refuseIfOnlyReadable(id) }
            if contact.revision != 0, old.int64(0, 3) != contact.revision {
                throw .changedSinceRead(place: .server(pg.server), id: id, revision: contact.revision, stored: old.int64(0, 3))
            }
            let wasFriend = old.bool(0, 0)
            try removeWordStarts(firstName: old.text(0, 1), lastName: old.text(0, 2), displayName: old.text(0, 5), middleName: old.text(0, 6),
                                 sortKey: old.text(0, 7), phones: old.text(0, 4), id: id)
            try pg.execute("""
                UPDATE contacts SET first_name = $1, last_name = $2, company = $3, notes = $4, is_friend = $5, sort_key = $6,
                    phones = $7::jsonb, emails = $8::jsonb, nickname = $9, title = $10, birthday = $11, url = $12,
                    addresses = $13, extras = $14, name_prefix = $15, name_suffix = $16, email_labels = $17::jsonb,
                    preferred_email = $18, preferred_phone = $19, display_name = $20, formatted_name = $21, middle_name = $22,
                    uid = coalesce(nullif($23, ''), uid), updated_at = $24, revision = revision + 1, card = $27,
                    sort_key_first = $28, sort_key_company = $29
                WHERE id = $25 AND account_id = $26
                """, values(of: contact) + [contact.uid, now(), id, accountID, contact.card] + otherSortKeys(of: contact))
            try pg.execute("""
                UPDATE contact_search SET sort_key = $3, first_name = $4, last_name = $5, is_friend = $6, search_text = $7, display_name = $8
                WHERE id = $1 AND account_id = $2
                """, [id, accountID] + searchValues(of: contact))
            try writeWordStarts(contact, id: id)
            try PostgresMailQueryRows.remove(id: id, account: accountID, on: pg)
            try PostgresMailQueryRows.write(contact, id: id, account: accountID, on: pg)
            try writeGroups(contact, id: id, replacing: true)
            let name = contact.displayName
            if wasFriend != contact.isFriend { try adjustCounts(total: 0, friends: contact.isFriend ? 1 : -1) }
            try log(.contactEdited, name: name, id: id)
            if wasFriend != contact.isFriend { try log(contact.isFriend ? .friendAdded : .friendRemoved, name: name, id: id) }
            return true
        }
    }

    public func delete(id: Int64) throws(ServiceError) -> Bool {
        try delete(id: id, batch: "")
    }

    /// Deletes one contact, kept for Undo as part of `batch` ("": alone).
    func delete(id: Int64, batch: String) throws(ServiceError) -> Bool {
        if readsBothBooks { return try book(of: id)?.delete(id: id, batch: batch) ?? false }
        return try pg.transaction { () throws(ServiceError) -> Bool in
            if let whole = try contact(id: id) { try keepForUndo(whole, batch: batch) }
            let rows = try pg.execute("""
                DELETE FROM contacts WHERE id = $1 AND account_id = $2
                RETURNING is_friend, first_name, last_name, phones::text, display_name, middle_name, sort_key
                """, [id, accountID])
            guard rows.count == 1 else { return try refuseIfOnlyReadable(id) }
            try pg.execute("DELETE FROM contact_search WHERE id = $1 AND account_id = $2", [id, accountID])
            try PostgresMailQueryRows.remove(id: id, account: accountID, on: pg)
            try removeWordStarts(firstName: rows.text(0, 1), lastName: rows.text(0, 2), displayName: rows.text(0, 4), middleName: rows.text(0, 5),
                                 sortKey: rows.text(0, 6), phones: rows.text(0, 3), id: id)
            try log(.contactDeleted, name: ContactRecord.shownName(displayName: rows.text(0, 4), firstName: rows.text(0, 1), lastName: rows.text(0, 2)), id: id)
            try adjustCounts(total: -1, friends: rows.bool(0, 0) ? -1 : 0)
            return true
        }
    }

    /// Keeps a contact being deleted, whole, for Undo (the account's last `DeletedContactText.kept`).
    private func keepForUndo(_ contact: ContactRecord, batch: String) throws(ServiceError) {
        try pg.execute("INSERT INTO deleted_contacts (account_id, deleted_at, record) VALUES ($1, $2, $3)",
                       [accountID, now(), DeletedContactText.encode(contact, batch: batch)])
        try pg.execute("""
            DELETE FROM deleted_contacts WHERE account_id = $1 AND id <= (
                SELECT id FROM deleted_contacts WHERE account_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)
            """, [accountID, Int64(DeletedContactText.kept)])
    }

    public func restoreLastDeleted() throws(ServiceError) -> ContactRecord? {
        try restoreLastDeletes().first
    }

    public func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool {
        if readsBothBooks { return try book(of: id)?.setFriend(id: id, isFriend) ?? false }
        return try pg.transaction { () throws(ServiceError) -> Bool in
            guard let (wasFriend, name) = try friendAndName(of: id, lock: true) else { return try refuseIfOnlyReadable(id) }
            try pg.execute("UPDATE contacts SET is_friend = $1, updated_at = $2, revision = revision + 1 WHERE id = $3 AND account_id = $4", [isFriend, now(), id, accountID])
            try pg.execute("UPDATE contact_search SET is_friend = $1 WHERE id = $2 AND account_id = $3", [isFriend, id, accountID])
            if wasFriend != isFriend {
                try adjustCounts(total: 0, friends: isFriend ? 1 : -1)
                try log(isFriend ? .friendAdded : .friendRemoved, name: name, id: id)
            }
            return true
        }
    }

    /// After a change found no contact to change: false (it is not there), or refused when this
    /// role may read it but not change it (the team book, for a member who is not an editor:
    /// row-level security hides the row from `FOR UPDATE`, `UPDATE` and `DELETE` only).
    private func refuseIfOnlyReadable(_ id: Int64) throws(ServiceError) -> Bool {
        guard try pg.scalarInt("SELECT 1 FROM contacts WHERE id = $1 AND account_id = $2", [id, accountID]) != nil else { return false }
        throw ServiceError(.refused, place: .server(pg.server), detail: "only the team's editors change the team address book", code: .sqlState("42501"))
    }

    /// Whether one of this account's contacts is a friend, and its name (nil when it is not there);
    /// `lock` holds the row until the transaction ends, so two clients' changes to it take turns.
    private func friendAndName(of id: Int64, lock: Bool) throws(ServiceError) -> (isFriend: Bool, name: String)? {
        let rows = try pg.execute("SELECT is_friend, first_name, last_name, display_name FROM contacts WHERE id = $1 AND account_id = $2\(lock ? " FOR UPDATE" : "")", [id, accountID])
        return rows.count == 1 ? (rows.bool(0, 0), ContactRecord.shownName(displayName: rows.text(0, 3), firstName: rows.text(0, 1), lastName: rows.text(0, 2))) : nil
    }

    /// The contact's name word starts, under its sort key (its old ones must be gone).
    private func writeWordStarts(_ contact: ContactRecord, id: Int64) throws(ServiceError) {
        try pg.execute("INSERT INTO contact_word_starts (account_id, start, sort_key, contact_id) SELECT $1, unnest($2::text[]), $3, $4",
                       [accountID, Self.nameStarts(contact), contact.sortKey, id])
    }

    /// Removes the word starts a contact had under this name and these phones (`phones`: the stored
    /// JSON): exact rows of the list-order index.
    private func removeWordStarts(firstName: String, lastName: String, displayName: String, middleName: String, sortKey: String,
                                  phones: String, id: Int64) throws(ServiceError) {
        var cache = SearchText.FoldCache()
        let numbers = PostgresContactLists.decode(phones: phones, emails: "[]").phones.map(\.number)
        try pg.execute("DELETE FROM contact_word_starts WHERE account_id = $1 AND start = ANY($2::text[]) AND sort_key = $3 AND contact_id = $4",
                       [accountID, Self.nameStarts(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName,
                                                   phones: numbers, cache: &cache), sortKey, id])
    }

    private func log(_ kind: ActivityKind, name: String, id: Int64) throws(ServiceError) {
        if databaseLogsChanges { return }
        try PostgresActivityLog(pg: pg).record(kind, accountID: accountID, subject: name, contactID: id, at: now())
    }

    /// Keeps `contact_counts` right; always inside the caller's transaction.
    func adjustCounts(total: Int, friends: Int) throws(ServiceError) {
        plannedMemo = nil // the counts change: a kept plan's total with them
        try pg.execute("""
            INSERT INTO contact_counts (account_id, total, friends) VALUES ($1, $2, $3)
            ON CONFLICT (account_id) DO UPDATE SET total = contact_counts.total + excluded.total, friends = contact_counts.friends + excluded.friends
            """, [accountID, total, friends])
    }
}
