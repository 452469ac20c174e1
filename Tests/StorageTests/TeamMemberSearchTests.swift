import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// Issue 51: a team member's searches of three characters or more go through the directory's
/// search functions (`PostgresTeamSearch`), which reach the trigram index row-level security
/// keeps a member's own `LIKE` from. Against the real server, each member signed in as their own
/// role with their own password: the functions answer what the policies let the member read —
/// the same rows a plain scan of those books finds, never another member's —, take a search as
/// text, and cannot be replaced, hijacked or pointed at another member's book.
@Suite("A team member's search: through the trigram index, never past the policies",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct TeamMemberSearchTests {
    typealias Team = TeamDirectoryTests.Team

    /// The ids of `account`'s contacts whose document holds `query`'s phrase, in list order, read
    /// by the owner (no row-level security) with a plain `LIKE`: what a member's search must answer.
    static func plainScan(_ team: Team, _ account: Int64, _ query: String) throws -> [Int64] {
        guard case .substring(let like) = PostgresContactsStore.Match(query) else {
            Issue.record("“\(query)” is not an infix search")
            return []
        }
        let rows = try team.owner.connection.execute("""
            SELECT id FROM contact_search WHERE account_id = $1 AND search_text LIKE $2 ORDER BY sort_key, id
            """, [account, like])
        return (0..<rows.count).map { rows.int64($0, 0) }
    }

    static func ids(of account: Int64, _ team: Team) throws -> Set<Int64> {
        let rows = try team.owner.connection.execute("SELECT id FROM contacts WHERE account_id = $1", [account])
        return Set((0..<rows.count).map { rows.int64($0, 0) })
    }

    /// Seeded books (alice's own, bob's own, the team's): bob's page, capped and exact counts and
    /// offsets for phrases found in most contacts, in some and in none are the owner's plain scan
    /// of bob's book and of the team's; none of alice's contacts is ever among them, also through
    /// a store pointed at her book and through the list of both books. A phrase dense at the top of
    /// the list and rare after is answered whole too: the rows from the top of the list and the
    /// trigram index's past them.
    @Test func aMembersSearchIsThePlainScanOfTheBooksTheySeeAndNoneOfAnothers() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        #expect(bob.searchesThroughTeamFunctions && alice.searchesThroughTeamFunctions)
        #expect(!team.owner.searchesThroughTeamFunctions, "the owner's reads meet no row-level security: they search the tables")
        var generator = ContactGenerator(seed: 51)
        try PostgresContactsStore(database: alice, accountID: team.alice.id).addMany(count: 600, generator: &generator, friendPercent: 10)
        try PostgresContactsStore(database: bob, accountID: team.bob.id).addMany(count: 500, generator: &generator, friendPercent: 10)
        try PostgresContactsStore(database: alice, accountID: team.teamBook).addMany(count: 400, generator: &generator, friendPercent: 10)
        _ = try PostgresContactsStore(database: alice, accountID: team.alice.id)
            .add(ContactRecord(firstName: "Zebulon", lastName: "Quartermaine", notes: "alice's own zqxj"))
        let alices = try Self.ids(of: team.alice.id, team)
        #expect(alices.count == 601)

        let queries = ["exa", "example.org", "ada", "lov", "@exa", "7946", "zqxj", "quartermaine", "nothing like it", "e.o"]
        for query in queries {
            for account in [team.bob.id, team.teamBook] {
                let store = PostgresContactsStore(database: bob, accountID: account)
                let expected = try Self.plainScan(team, account, query)
                #expect(try store.count(matching: query, upTo: .max) == expected.count, "\(query) in \(account)")
                #expect(try store.count(matching: query, upTo: 7) == min(7, expected.count), "\(query) in \(account)")
                let page = try store.page(matching: query, offset: 0, limit: 50, countingUpTo: 1_200)
                #expect(page.count == min(1_200, expected.count) && page.rows.map(\.id) == Array(expected.prefix(50)), "\(query) in \(account)")
                let later = try store.page(matching: query, offset: 20, limit: 30, countingUpTo: 60)
                #expect(later.count == min(60, expected.count) && later.rows.map(\.id) == Array(expected.dropFirst(20).prefix(30)), "\(query) in \(account)")
                #expect(try store.contacts(matching: query, offset: 30, limit: 40).map(\.id) == Array(expected.dropFirst(30).prefix(40)), "\(query) in \(account)")
            }
            // Alice's book holds matches of most of these; bob reads none, whichever way he asks.
            let onAlices = PostgresContactsStore(database: bob, accountID: team.alice.id)
            #expect(try onAlices.count(matching: query, upTo: .max) == 0, "\(query)")
            #expect(try onAlices.page(matching: query, offset: 0, limit: 50, countingUpTo: 1_200) == ContactsPage(count: 0, rows: []), "\(query)")
            #expect(try onAlices.contacts(matching: query, offset: 0, limit: 50).isEmpty, "\(query)")
            let both = PostgresContactsStore(database: bob, scope: .both(own: team.bob.id, team: team.teamBook))
            let seen = try both.page(matching: query, offset: 0, limit: 2_000, countingUpTo: 2_000).rows.map(\.id)
            #expect(alices.isDisjoint(with: seen), "\(query)")
            #expect(seen.count == min(2_000, try Self.plainScan(team, team.bob.id, query).count + Self.plainScan(team, team.teamBook, query).count), "\(query)")
        }
        #expect(try Self.plainScan(team, team.alice.id, "zqxj").count == 1 && Self.plainScan(team, team.alice.id, "exa").count > 100,
                "alice's book holds what bob searched for")

        // A phrase in each of the first 300 contacts of bob's list and in few after them: the rows
        // looked through from the top hold fewer than the page asks, so the rest past them comes from
        // the trigram index, and together they are the whole answer.
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        try bobs.addMany(count: 1_000, generator: &generator, friendPercent: 10)
        try team.owner.connection.execute("""
            UPDATE contact_search s SET search_text = s.search_text || ' qqspread'
            FROM (SELECT id, row_number() OVER (ORDER BY sort_key, id) AS n FROM contact_search WHERE account_id = $1) o
            WHERE s.id = o.id AND (o.n <= 300 OR o.n % 50 = 0)
            """, [team.bob.id])
        let spread = try Self.plainScan(team, team.bob.id, "qqspread")
        #expect(spread.count == 324)
        let window = try #require(try team.owner.connection.scalarInt("SELECT switchboard_search_window($1, '%qqspread%', 350, 100000)", [team.bob.id]))
        #expect(window > 350 && window < 1_500, "the first rows of the list are looked through first, not all of them (\(window) rows)")
        let spreadPage = try bobs.page(matching: "qqspread", offset: 0, limit: 10, countingUpTo: 400)
        #expect(spreadPage.count == spread.count && spreadPage.rows.map(\.id) == Array(spread.prefix(10)))
        #expect(try bobs.contacts(matching: "qqspread", offset: 290, limit: 60).map(\.id) == Array(spread.dropFirst(290)))
        #expect(try bobs.count(matching: "qqspread", upTo: 400) == spread.count)
        #expect(try bobs.count(matching: "qqspread", upTo: 310) == 310)
    }

    /// `%`, `_`, `\`, quotes, SQL, control characters and the document's own word-start mark in a
    /// member's search are text: each finds the contacts holding it as written (the owner's plain
    /// scan of the escaped phrase), never every contact, and never one of another member's.
    @Test func aMembersSearchTextIsTakenAsText() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        let names: [(String, String)] = [("100%", "Pure"), ("a_b", "Corp"), ("axb", "Corp"), (#"back\slash"#, "Person"), ("O'Brien", "Quote"),
                                         ("Robert'); DROP TABLE contacts; --", "Tables"), (#"Dbl"quote"#, "Person"), ("Plain", "Person")]
        var added: [String: Int64] = [:]
        for (first, last) in names { added[first] = try bobs.add(ContactRecord(firstName: first, lastName: last, notes: "bob's")) }
        let alicesStore = PostgresContactsStore(database: alice, accountID: team.alice.id)
        for (first, last) in names { _ = try alicesStore.add(ContactRecord(firstName: first, lastName: last, notes: "alice's")) }
        let alices = try Self.ids(of: team.alice.id, team)

        let texts = ["0% p", "%%%", "%_%", "a_b", "___", #"k\s"#, #"\\\"#, "o'b", "'); drop table", "drop table contacts; --", #"l"q"#,
                     "' OR '1'='1", "%' OR 1=1 --", "lo\u{0}ve", "\u{1E}\u{1E}pla", "pla\u{1E}", "\u{7F}\u{1}\u{2}", "$1::text", "corp"]
        for text in texts {
            let expected: [Int64]
            if case .substring = PostgresContactsStore.Match(text) { expected = try Self.plainScan(team, team.bob.id, text) } else { continue }
            let page = try bobs.page(matching: text, offset: 0, limit: 50, countingUpTo: 1_200)
            #expect(page.rows.map(\.id) == expected && page.count == expected.count, "“\(text)”: \(page.rows.map(\.firstName))")
            #expect(try bobs.count(matching: text, upTo: .max) == expected.count, "“\(text)”")
            #expect(alices.isDisjoint(with: page.rows.map(\.id)), "“\(text)”")
        }
        // What each special one finds, named: never all eight.
        func found(_ text: String) throws -> [String] { try bobs.contacts(matching: text, offset: 0, limit: 50).map(\.firstName).sorted() }
        #expect(try found("%%%").isEmpty && found("___").isEmpty && found("%_%").isEmpty)
        #expect(try found("0% p") == ["100%"])
        #expect(try found("a_b") == ["a_b"], "_ is not any character")
        #expect(try found(#"k\s"#) == [#"back\slash"#])
        #expect(try found("o'b") == ["O'Brien"])
        #expect(try found("'); drop table") == ["Robert'); DROP TABLE contacts; --"])
        #expect(try found(#"l"q"#) == [#"Dbl"quote"#])
        #expect(try found("corp") == ["a_b", "axb"])
        #expect(try team.server.count("SELECT count(*) FROM contacts") == 2 * names.count, "nothing was dropped")
    }

    /// Bob, from psql with his own role: he cannot replace the search functions or the read rule,
    /// make objects in the directory's schema, nor make them read his temporary tables or
    /// functions (their search path is fixed); called with alice's account, alice's role or the
    /// owner's, they read nothing; the helpers are not his to call. The functions are the owner's,
    /// SECURITY DEFINER only where needed, and the accounts' policy is the rule.
    @Test func aMemberCannotReplaceHijackOrRedirectTheSearch() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let alicesStore = PostgresContactsStore(database: alice, accountID: team.alice.id)
        let secret = try alicesStore.add(ContactRecord(firstName: "Alice's", lastName: "Confidant", notes: "zqxj secret"))
        _ = try PostgresContactsStore(database: bob, accountID: team.bob.id).add(ContactRecord(firstName: "Bob's", lastName: "Friend", notes: "zqxj mine"))
        let pg = bob.connection
        func refused(_ sql: String, _ states: Set<String> = ["42501"]) {
            let error = #expect(throws: ServiceError.self, "\(sql)") { try pg.executeScript(sql) }
            #expect(error.map { states.contains($0.sqlState ?? "") } == true, "\(sql): \(String(describing: error))")
        }
        func searched(who: String = "current_user", _ account: Int64, _ pattern: String = "%zqxj%") throws -> [Int64] {
            let rows = try pg.execute("SELECT id FROM switchboard_search(\(who), $1::bigint, $2::text, 100)", [account, pattern])
            return (0..<rows.count).map { rows.int64($0, 0) }
        }
        func counted(who: String = "current_user", _ account: Int64, _ pattern: String = "%zqxj%") throws -> Int64? {
            try pg.scalarInt("SELECT switchboard_search_count(\(who), $1::bigint, $2::text, 100)", [account, pattern])
        }
        let bobsOwn = try searched(team.bob.id)
        #expect(bobsOwn.count == 1 && !bobsOwn.contains(secret))

        // Another's book, by id, by role, or as the owner: nothing.
        #expect(try searched(team.alice.id).isEmpty && counted(team.alice.id) == 0)
        #expect(try searched(team.alice.id, "%").isEmpty && counted(team.alice.id, "%") == 0)
        let aliceRole = try pg.execute("SELECT quote_literal($1)", [team.alice.username]).text(0, 0)
        #expect(try searched(who: aliceRole, team.alice.id).isEmpty && counted(who: aliceRole, team.alice.id) == 0)
        #expect(try searched(who: aliceRole, team.bob.id).isEmpty, "not a role bob may act as")
        #expect(try searched(who: "'switchboard'", team.alice.id).isEmpty && searched(who: "'postgres'", team.alice.id).isEmpty)
        #expect(try searched(who: "'no such role'", team.alice.id).isEmpty && counted(who: "NULL", team.alice.id) == 0)
        #expect(try searched(-1).isEmpty && counted(team.teamBook, "%") == 0)
        // As the member group (a role he may act as), he reads the team book and not his own: what the policies give that role.
        let roles = try #require(try PostgresTeamDirectory.roles(of: team.owner.connection))
        let memberGroup = try pg.execute("SELECT quote_literal($1)", [roles.member]).text(0, 0)
        #expect(try searched(who: memberGroup, team.bob.id).isEmpty && searched(who: memberGroup, team.alice.id).isEmpty)

        // Replace or change the functions, the rule or the policy; make objects in the schema: refused.
        refused("CREATE OR REPLACE FUNCTION switchboard_search(who name, account bigint, pattern text, wanted integer) RETURNS TABLE (id bigint, first_name text, last_name text, is_friend boolean, sort_key text, display_name text) LANGUAGE sql AS $$ SELECT id, first_name, last_name, is_friend, sort_key::text, display_name FROM contact_search $$")
        refused("CREATE OR REPLACE FUNCTION switchboard_sees(role_name text, is_team boolean, who name) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$")
        refused("ALTER FUNCTION switchboard_search(name, bigint, text, integer) RESET search_path")
        refused("ALTER FUNCTION switchboard_search_count(name, bigint, text, bigint) OWNER TO CURRENT_USER")
        refused("DROP FUNCTION switchboard_sees(text, boolean, name)")
        refused("DROP POLICY accounts_seen ON accounts")
        refused("CREATE FUNCTION switchboard_planted() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$")
        refused("CREATE TABLE contact_counts_2 (account_id bigint)")
        refused("CREATE VIEW switchboard_peek AS SELECT 1")
        // The helpers run only inside the searches.
        refused("SELECT switchboard_search_window(\(team.alice.id), '%', 10, 100)")
        refused("SELECT switchboard_may_read('\(team.bob.username)', \(team.alice.id))")

        // His temporary tables named as the directory's, his temporary functions, his search path:
        // the searches read the directory's tables and rule all the same.
        try pg.executeScript("""
            CREATE TEMP TABLE accounts (id bigint, role_name text, is_team boolean);
            INSERT INTO pg_temp.accounts VALUES (\(team.alice.id), current_user, true);
            CREATE TEMP TABLE contact_search (id bigint, account_id bigint, sort_key text, first_name text, last_name text, is_friend boolean,
                                              search_text text, display_name text);
            INSERT INTO pg_temp.contact_search VALUES (424242, \(team.bob.id), 'a', 'Planted', 'Row', false, 'zqxj planted', 'Planted Row');
            CREATE TEMP TABLE contact_counts (account_id bigint, total bigint, friends bigint);
            CREATE FUNCTION pg_temp.switchboard_sees(role_name text, is_team boolean, who name) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$;
            CREATE FUNCTION pg_temp.pg_has_role(name, oid, text) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$;
            SET search_path = pg_temp, \(team.server.schema), public;
            """)
        #expect(try searched(team.alice.id).isEmpty && counted(team.alice.id) == 0)
        #expect(try searched(team.bob.id) == bobsOwn)
        try pg.executeScript("SET search_path = \(team.server.schema), public")
        // Through the store, as the app asks, the same.
        #expect(try PostgresContactsStore(database: bob, accountID: team.alice.id).count(matching: "zqxj", upTo: .max) == 0)
        // And alice reads her own through them still.
        #expect(try alicesStore.page(matching: "zqxj", offset: 0, limit: 10, countingUpTo: 100).rows.map(\.id) == [secret])

        // Who owns what: the owner; SECURITY DEFINER only for the two searches; EXECUTE on them for the member group alone.
        let owner = team.owner.connection
        let functions = try owner.execute("""
            SELECT p.proname, p.prosecdef, pg_get_userbyid(p.proowner) = current_user,
                   has_function_privilege($1, p.oid, 'EXECUTE'), has_function_privilege('public', p.oid, 'EXECUTE')
            FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
              AND p.proname IN ('switchboard_sees', 'switchboard_may_read', 'switchboard_search_window', 'switchboard_search', 'switchboard_search_count')
            ORDER BY p.proname
            """, [roles.member])
        let rows = (0..<functions.count).map { i in
            "\(functions.text(i, 0)) definer=\(functions.bool(i, 1)) owned=\(functions.bool(i, 2)) member=\(functions.bool(i, 3)) public=\(functions.bool(i, 4))"
        }
        #expect(rows == ["switchboard_may_read definer=false owned=true member=false public=false",
                         "switchboard_search definer=true owned=true member=true public=false",
                         "switchboard_search_count definer=true owned=true member=true public=false",
                         "switchboard_search_window definer=false owned=true member=false public=false",
                         "switchboard_sees definer=false owned=true member=true public=true"], "\(rows)")
        #expect(try owner.execute("SELECT qual FROM pg_policies WHERE schemaname = current_schema() AND policyname = 'accounts_seen'").text(0, 0)
                == "switchboard_sees(role_name, is_team, CURRENT_USER)")
    }

    /// A team directory of schema 22 (the rule written into the accounts' policy, no search
    /// functions): the owner's next open migrates it (step 23), and its members then search
    /// through the functions, reading what they read before.
    @Test func aTeamDirectoryOfStep22GetsTheRuleAndTheSearchesAtStep23() throws {
        let team = try Team()
        _ = try PostgresContactsStore(database: try team.asAlice(), accountID: team.alice.id).add(ContactRecord(firstName: "Alice's", lastName: "Secret", notes: "zqxj"))
        _ = try PostgresContactsStore(database: try team.asBob(), accountID: team.bob.id).add(ContactRecord(firstName: "Bob's", lastName: "Own", notes: "zqxj"))
        let roles = try #require(try PostgresTeamDirectory.roles(of: team.owner.connection))
        let member = try team.owner.connection.execute("SELECT quote_ident($1)", [roles.member]).text(0, 0)
        try PostgresConnection(uri: team.server.uri).executeScript("""
            DROP POLICY accounts_seen ON accounts;
            CREATE POLICY accounts_seen ON accounts FOR SELECT TO \(member) USING (role_name = current_user OR is_team);
            DROP FUNCTION switchboard_search(name, bigint, text, integer), switchboard_search_count(name, bigint, text, bigint),
                          switchboard_search_window(bigint, text, bigint, bigint), switchboard_may_read(name, bigint), switchboard_sees(text, boolean, name);
            UPDATE switchboard_schema SET version = 22;
            """)
        let upgraded = try team.server.open()
        #expect(try upgraded.schemaVersionFound() == PostgresDatabase.schemaVersion)
        let bob = try team.asBob()
        #expect(bob.searchesThroughTeamFunctions)
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        #expect(try bobs.page(matching: "zqxj", offset: 0, limit: 10, countingUpTo: 100).rows.map(\.firstName) == ["Bob's"])
        #expect(try PostgresContactsStore(database: bob, accountID: team.alice.id).count(matching: "zqxj", upTo: .max) == 0)
        #expect(try bob.connection.scalarInt("SELECT count(*) FROM accounts") == 2, "his own and the team's")
        #expect(try team.server.count("SELECT count(*) FROM pg_policies WHERE schemaname = current_schema() AND policyname = 'accounts_seen' AND qual LIKE '%switchboard_sees%'") == 1)
    }
}
