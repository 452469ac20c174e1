/// Where the data file lives: `--db PATH`, else
/// `$XDG_DATA_HOME/switchboard/switchboard.sqlite3`, else
/// `~/.local/share/switchboard/switchboard.sqlite3`.
public enum DefaultDataFile {
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/switchboard/switchboard.sqlite3"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.local/share/switchboard/switchboard.sqlite3"
        }
        return nil
    }
}
