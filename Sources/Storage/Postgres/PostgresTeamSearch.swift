import AppServices

/// A team member's infix search through the trigram index (issue 51). Under row-level security
/// PostgreSQL keeps a search's `LIKE` (not leakproof) behind the policies' conditions, so it never
/// reaches the pg_trgm index: a phrase found in few contacts read every row of the book (157 ms at
/// 100,000, where the owner's same statement takes a few). Here the search runs as the directory's
/// owner, in two `SECURITY DEFINER` functions that apply the read rule themselves:
///
/// - `switchboard_sees(role_name, is_team, who)`: **the** rule of who reads what — the accounts row
///   of `who`'s own role and the team book's. The accounts' policy (`accounts_seen`) is this
///   function of `current_user`, and every other table's read policy is "rows of the accounts one
///   sees", so the policies and the search functions share one definition and cannot drift.
/// - `switchboard_search(who, account, pattern, wanted)`: the first `wanted` contacts of `account`
///   whose search document is `LIKE pattern`, in list order, as a list row's columns;
///   `switchboard_search_count(who, account, pattern, up_to)`: how many, up to `up_to`.
///   Both answer nothing unless `who` sees `account` (`switchboard_may_read`), and `who` must be a
///   role the session's login role may act as (`pg_has_role(session_user, who, 'MEMBER')`: itself,
///   or the member and editor groups): the client passes `current_user`, the role row-level
///   security would read as, so a member reads through them exactly what the policies let them
///   read, and naming another member's role or account reads nothing.
///
/// The functions belong to the owner (who runs `directory init` and the migrations), run on a
/// fixed `search_path` (the schema, then `pg_catalog`, then `pg_temp`: a member's temporary
/// `contact_search` is never the one read), and only the member group may execute the two
/// searches. Inside, a phrase found in very many of the first rows of the list is read from the
/// top of the list (as `PostgresContactsStore` does for the owner by the planner's guess), any
/// other through the trigram index; and the rest past the rows looked through, when they held
/// fewer than the guess.
enum PostgresTeamSearch {
    /// The functions' signatures, as `GRANT` and `REVOKE` name them.
    static let searchFunction = "switchboard_search(name, bigint, text, integer)"
    static let countFunction = "switchboard_search_count(name, bigint, text, bigint)"

    /// Whether this connection's reads meet row-level security on a directory that has the search
    /// functions: a team member's (the owner's reads do not, and search the tables directly).
    static func applies(on pg: PostgresConnection) throws(ServiceError) -> Bool {
        let rows = try pg.execute(appliesQuery)
        return rows.count == 1 && rows.bool(0, 0)
    }

    /// `applies`' statement (also one of the reads that open a directory, `PostgresOpeningReads`).
    static let appliesQuery = """
        SELECT coalesce(row_security_active(to_regclass(quote_ident(current_schema()) || '.contact_search')), false)
            AND to_regprocedure(quote_ident(current_schema()) || '.\(searchFunction)') IS NOT NULL
        """

    /// The read rule, the functions, and the accounts' policy made from the rule; run by the owner
    /// in the caller's transaction (`PostgresTeamGuards.apply`: `directory init` and schema step 23).
    static func apply(_ roles: PostgresTeamDirectory.Roles, on pg: PostgresConnection) throws(ServiceError) {
        let path = try PostgresTeamGuards.searchPath(pg)
        let member = try pg.execute("SELECT quote_ident($1)", [roles.member]).text(0, 0)
        try pg.executeScript("""
            \(rule(path: path))
            DROP POLICY IF EXISTS accounts_seen ON accounts;
            CREATE POLICY accounts_seen ON accounts FOR SELECT TO \(member) USING (switchboard_sees(role_name, is_team, current_user));
            \(functions(path: path))
            REVOKE ALL ON FUNCTION switchboard_may_read(name, bigint), switchboard_search_window(bigint, text, bigint, bigint) FROM PUBLIC;
            REVOKE ALL ON FUNCTION \(searchFunction), \(countFunction) FROM PUBLIC;
            GRANT EXECUTE ON FUNCTION \(searchFunction), \(countFunction) TO \(member);
            """)
    }

    /// Who reads which account: the one whose role they are, and the team book. Called by the
    /// accounts' policy with `current_user` (so by every table's read policy through it) and by
    /// the search functions with the role they were given.
    static func rule(path: String) -> String {
        """
        CREATE OR REPLACE FUNCTION switchboard_sees(role_name text, is_team boolean, who name) RETURNS boolean
            LANGUAGE sql IMMUTABLE SET search_path = \(path) AS $f$
            SELECT coalesce(role_name = who::text, false) OR coalesce(is_team, false)
        $f$;
        """
    }

    /// The two searches and their helpers (see the type's notes).
    static func functions(path: String) -> String {
        """
        CREATE OR REPLACE FUNCTION switchboard_may_read(who name, account bigint) RETURNS boolean
            LANGUAGE sql STABLE SET search_path = \(path) AS $f$
            SELECT coalesce(pg_has_role(session_user, (SELECT r.oid FROM pg_roles r WHERE r.rolname = who), 'MEMBER'), false)
               AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = account AND switchboard_sees(a.role_name, a.is_team, who))
        $f$;

        -- How many rows from the top of `account`'s list to look through for `wanted` matches of
        -- `pattern`, or 0 for the trigram index. The matches among the first 500 rows in list order
        -- give the guess (the account's own rows alone: the planner's statistics, sampled from every
        -- member's rows, are never asked for a member's phrase); the window is twice the rows that
        -- should hold `wanted` matches by it. A row looked through in list order costs about a fifth
        -- of a match the trigram index hands back (a heap fetch, the recheck, the sort), so the
        -- window is read while it is at most four times the matches expected and at most `most` rows.
        CREATE OR REPLACE FUNCTION switchboard_search_window(account bigint, pattern text, wanted bigint, most bigint) RETURNS bigint
            LANGUAGE plpgsql SET search_path = \(path) AS $f$
        DECLARE
            total bigint := coalesce((SELECT c.total FROM contact_counts c WHERE c.account_id = account), 0);
            probe bigint;
            found bigint;
            guess float8;
            window_rows float8;
        BEGIN
            IF total <= 0 OR wanted <= 0 THEN RETURN 0; END IF;
            probe := least(total, 500);
            SELECT count(*) INTO found FROM (SELECT t.search_text FROM contact_search t WHERE t.account_id = account
                ORDER BY t.sort_key, t.id LIMIT probe) s WHERE s.search_text LIKE pattern;
            IF found = 0 THEN RETURN 0; END IF;
            guess := found::float8 * total / probe;
            window_rows := wanted * 2 * total / guess;
            IF window_rows > most OR window_rows > 4 * guess THEN RETURN 0; END IF;
            RETURN least(total, ceil(window_rows) + 1)::bigint;
        END
        $f$;

        CREATE OR REPLACE FUNCTION switchboard_search(who name, account bigint, pattern text, wanted integer)
            RETURNS TABLE (id bigint, first_name text, last_name text, is_friend boolean, sort_key text, display_name text)
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(path) AS $f$
        #variable_conflict use_column
        DECLARE
            top_rows bigint;
            found bigint := 0;
            after_key text;
            after_id bigint;
            seqscan text := current_setting('enable_seqscan');
            indexscan text := current_setting('enable_indexscan');
        BEGIN
            IF wanted IS NULL OR wanted <= 0 OR pattern IS NULL OR NOT switchboard_may_read(who, account) THEN RETURN; END IF;
            top_rows := switchboard_search_window(account, pattern, wanted, 100000);
            IF top_rows > 0 THEN
                -- Very many matches expected: the first rows in list order, looked through.
                RETURN QUERY SELECT s.id, s.first_name, s.last_name, s.is_friend, s.sort_key::text, s.display_name
                    FROM (SELECT t.* FROM contact_search t WHERE t.account_id = account ORDER BY t.sort_key, t.id LIMIT top_rows) s
                    WHERE s.search_text LIKE pattern ORDER BY s.sort_key, s.id LIMIT wanted;
                GET DIAGNOSTICS found = ROW_COUNT;
                IF found >= wanted THEN RETURN; END IF;
                -- Fewer than the guess: the rest, past the rows looked through, from the trigram index.
                SELECT t.sort_key, t.id INTO after_key, after_id FROM contact_search t WHERE t.account_id = account
                    ORDER BY t.sort_key, t.id OFFSET top_rows - 1 LIMIT 1;
                IF after_key IS NULL THEN RETURN; END IF; -- every row was looked through
            END IF;
            PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true);
            RETURN QUERY EXECUTE 'SELECT s.id, s.first_name, s.last_name, s.is_friend, s.sort_key::text, s.display_name FROM contact_search s
                WHERE s.account_id = $1 AND s.search_text LIKE $2 AND ($4::text IS NULL OR (s.sort_key, s.id) > ($4, $5))
                ORDER BY s.sort_key, s.id LIMIT $3' USING account, pattern, wanted - found, after_key, after_id;
            PERFORM set_config('enable_seqscan', seqscan, true), set_config('enable_indexscan', indexscan, true);
        END
        $f$;

        CREATE OR REPLACE FUNCTION switchboard_search_count(who name, account bigint, pattern text, up_to bigint) RETURNS bigint
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(path) AS $f$
        DECLARE
            top_rows bigint;
            found bigint;
            seqscan text := current_setting('enable_seqscan');
            indexscan text := current_setting('enable_indexscan');
        BEGIN
            IF up_to IS NULL OR up_to <= 0 OR pattern IS NULL OR NOT switchboard_may_read(who, account) THEN RETURN 0; END IF;
            top_rows := CASE WHEN up_to <= 5000 THEN switchboard_search_window(account, pattern, up_to, 100000) ELSE 0 END;
            IF top_rows > 0 THEN
                SELECT count(*) INTO found FROM (SELECT 1 FROM (SELECT t.search_text FROM contact_search t WHERE t.account_id = account
                    ORDER BY t.sort_key, t.id LIMIT top_rows) s WHERE s.search_text LIKE pattern LIMIT up_to) m;
                IF found >= up_to OR top_rows >= coalesce((SELECT c.total FROM contact_counts c WHERE c.account_id = account), 0) THEN
                    RETURN found;
                END IF;
            END IF;
            PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true);
            EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM contact_search s WHERE s.account_id = $1 AND s.search_text LIKE $2 LIMIT $3) m'
                INTO found USING account, pattern, up_to;
            PERFORM set_config('enable_seqscan', seqscan, true), set_config('enable_indexscan', indexscan, true);
            RETURN found;
        END
        $f$;
        """
    }
}
