import App
/// The text of `--help` and `--version`.
enum HelpText {
    static var version: String { "switchboard \(SwitchboardApp.version)" }

    static let usage = """
    switchboard — a keyboard-driven terminal app (contacts, friends, settings) on TUIKit

    USAGE
      switchboard                         run on this terminal
      switchboard --headless [options]    run on a virtual screen and print it as text
      switchboard --kiosk [--idle SECONDS] [--seed N]
                                          the demo kiosk: a captioned tour on made-up data, forever;
                                          any key gives you the app, SECONDS (default 30) without a
                                          key start the tour again; ^C, ^Z and q stay, ^] then q leaves.
                                          Touches no file. Works with --headless too.
      switchboard populate --contacts N [--friends PERCENT] [--user NAME] [--seed N] [--db PATH]
                                          add N generated contacts (to the signed-in user, or NAME)
      switchboard import FILE… [--user NAME | --team] [--db PATH]
                                          contacts from vCard, CSV, LDIF or abook files (see import --help)
      switchboard export [--format vcard|vcard3|csv] [--output FILE] [--user NAME | --team] [--db PATH]
                                          every contact as vCard 4.0, 3.0 or CSV (see export --help)
      switchboard query STRING [--format mutt|aerc|vcard] | --birthdays [--user NAME | --team] [--db PATH]
                                          e-mail addresses for mutt, neomutt and aerc, best first, or birthdays
      switchboard add-email [FILE] [--all] [--quiet] [--user NAME | --team] [--db PATH]
                                          add a mail message's sender (standard input: mutt's pipe-message)
      switchboard harvest PATH… [--me ADDRESS]… [--sent PATH]… | --list | --add N [--user NAME] [--db PATH]
                                          learn from maildirs and mboxes whom you write to (ranks query; see harvest --help)
      switchboard sync add URL --username NAME [--password-command CMD] [--ca-file PEM] [--addressbook NAME|all]
                                          set up two-way sync with a CardDAV server (see sync --help)
      switchboard sync [--user NAME | --team] [--db PATH]
                                          sync every CardDAV account once; one summary line
      switchboard directory init | add-member NAME [--editor] | remove-member NAME --db postgresql://…
                                          set a team directory up on PostgreSQL (see directory --help)

    OPTIONS
      --db PATH           the data file (default $XDG_DATA_HOME/switchboard/switchboard.sqlite3,
                          else ~/.local/share/switchboard/switchboard.sqlite3), or a shared
                          directory on PostgreSQL: postgresql://USER@HOST:PORT/DBNAME (the password
                          from ~/.pgpass or PGPASSWORD, or typed at Log In on a team directory)
      --team              import, export, query, add-email or sync the team address book of a team directory
      --splash-ms N       show the splash at least N ms (default 800)
      --open URL          open a link once signed in, e.g. switchboard://text-confirmation?text=hi

    HEADLESS OPTIONS
      --size COLSxROWS    virtual screen size (default 80x24)
      --keys 'KEYS'       keys to press, e.g. --keys 'Down Down Enter "Ada" wait:500ms'
      --script FILE       read KEYS from a file (several per line, # comments)
      --frames            print every frame, each after a line '--- frame N t=MSms'

    KEYS
      Enter Esc Tab S-Tab Backspace Delete Up Down Left Right Home End PgUp PgDn
      F1..F12  C-a..C-z  Space  a single character (q)  "a quoted string"
      wait:500ms wait:2s  resize:COLSxROWS  click:COL,ROW (0-based)  signal:TERM|INT|HUP|TSTP

    OTHER
      -h, --help          this text
      -V, --version       the version

    In the app: ? or F1 shows the keys of the current screen; q quits.
    """
}
