/// One user's settings, with the defaults a new account starts from.
public struct UserSettings: Equatable, Sendable {
    /// A theme's name ("dark", "light", "high contrast", "monochrome").
    public var theme: String = "dark"
    public var animations = true
    public var mouse = true
    public var splashMilliseconds = 800
    public var confirmBeforeDelete = true
    public var kioskIdleSeconds = 30
    /// The contacts list's order (`o` on the list changes it).
    public var listOrder = ContactListOrder.lastName
    /// How often the app syncs with its CardDAV accounts, in minutes (0: only when asked).
    public var syncMinutes = 15
    /// The region a number typed in its national form is read by in a search ("GB": `020 7946
    /// 0123` finds `+44 20 7946 0123`): "" the locale's (LC_ALL, LC_TELEPHONE, LANG), "none",
    /// or a code of `PhoneRegion.all`.
    public var phoneRegion = ""

    public init() {}

    /// The values the phone region takes, in the order choosing it cycles through.
    public static var phoneRegionChoices: [String] { ["", "none"] + PhoneRegion.all.map(\.code) }

    /// The values a setting may take, in the order choosing it cycles through.
    public static let splashChoices = [0, 400, 800, 1500, 3000]
    public static let kioskIdleChoices = [15, 30, 60, 120, 300]
    public static let syncChoices = [0, 5, 15, 30, 60]

    /// As stored: one text value a key.
    package var stored: [String: String] {
        ["theme": theme, "animations": animations ? "1" : "0", "mouse": mouse ? "1" : "0",
         "splash_ms": String(splashMilliseconds), "confirm_delete": confirmBeforeDelete ? "1" : "0",
         "kiosk_idle_s": String(kioskIdleSeconds), "list_order": listOrder.rawValue, "sync_min": String(syncMinutes),
         "phone_region": phoneRegion]
    }

    /// "theme: light", "animations: off": a change as the activity log says it.
    package static func describe(key: String, value: String) -> String {
        let names = ["theme": "theme", "animations": "animations", "mouse": "mouse", "splash_ms": "splash duration",
                     "confirm_delete": "confirm before delete", "kiosk_idle_s": "kiosk idle timeout", "list_order": "contacts sorted by", "sync_min": "sync every",
                     "phone_region": "phone region"]
        let shown: String
        switch key {
        case "animations", "mouse", "confirm_delete": shown = value == "0" ? "off" : "on"
        case "splash_ms": shown = "\(value) ms"
        case "kiosk_idle_s": shown = "\(value) s"
        case "list_order": shown = ContactListOrder(rawValue: value)?.name ?? value
        case "sync_min": shown = value == "0" ? "only when asked" : "\(value) min"
        case "phone_region": shown = value.isEmpty ? "from the locale" : value
        default: shown = value
        }
        return "\(names[key] ?? key): \(shown)"
    }

    /// From stored values; a missing or unreadable one keeps its default.
    package init(stored: [String: String]) {
        if let v = stored["theme"], !v.isEmpty { theme = v }
        if let v = stored["animations"] { animations = v != "0" }
        if let v = stored["mouse"] { mouse = v != "0" }
        if let v = stored["splash_ms"].flatMap(Int.init), (0...10_000).contains(v) { splashMilliseconds = v }
        if let v = stored["confirm_delete"] { confirmBeforeDelete = v != "0" }
        if let v = stored["kiosk_idle_s"].flatMap(Int.init), (5...3600).contains(v) { kioskIdleSeconds = v }
        if let v = stored["list_order"].flatMap(ContactListOrder.init(rawValue:)) { listOrder = v }
        if let v = stored["sync_min"].flatMap(Int.init), (0...1440).contains(v) { syncMinutes = v }
        if let v = stored["phone_region"], v.isEmpty || v == "none" || PhoneRegion.named(v) != nil { phoneRegion = v }
    }
}
