import AppServices
import TUIKit

/// Every row of the Settings screen (seed 003's `CellModel`): what it shows
/// comes from the case; the constructor decides the order.
enum SettingsModel: Titled, Subtitled, Valued, Toggled, Iconed, Equatable {
    case appearanceHeader
    case theme(String)
    /// The theme when the screen has no colours: monochrome, and why (not a choice).
    case themeFixed(reason: String)
    case animations(Bool)
    case mouse(Bool)
    case behaviourHeader
    case splashDuration(Int)
    case confirmBeforeDelete(Bool)
    case kioskIdle(Int)
    /// The region national phone numbers are searched by: "" the locale's, "none", or a code.
    case phoneRegion(String)
    /// The CardDAV accounts (a page of their own), and how they stand ("2 accounts · 3 pending").
    case sync(String)
    /// How often sync runs in the background, in minutes (0: only when asked).
    case syncEvery(Int)
    case accountHeader(String)
    case changePassword
    case deleteAccount
    case logOut
    case spacer

    var title: String? {
        switch self {
        case .appearanceHeader: "Appearance"
        case .theme: "Theme"
        case .themeFixed: "Theme: monochrome"
        case .animations: "Animations"
        case .mouse: "Mouse"
        case .behaviourHeader: "Behaviour"
        case .splashDuration: "Splash duration"
        case .confirmBeforeDelete: "Confirm before deleting"
        case .kioskIdle: "Kiosk idle timeout"
        case .phoneRegion: "Phone region"
        case .sync: "Sync"
        case .syncEvery: "Sync every"
        case .accountHeader(let name): "Account · \(name)"
        case .changePassword: "Change password"
        case .deleteAccount: "Delete account…"
        case .logOut: "Log Out"
        case .spacer: nil
        }
    }

    var subtitle: String? {
        switch self {
        case .theme: "Enter cycles: dark, light, high contrast, monochrome."
        case .themeFixed(let reason): "Because \(reason): no other theme can show."
        case .mouse: "Off, the terminal's own text selection works."
        case .splashDuration: "How long the splash shows at start."
        case .kioskIdle: "Without input for this long, the demo kiosk starts its tour again."
        case .phoneRegion: "A number searched as dialled at home (020 …) finds it stored with its country code (+44 20 …)."
        case .syncEvery: "In the background, while the app runs."
        case .deleteAccount: "Removes your contacts, friends and settings."
        default: nil
        }
    }

    var value: String? {
        switch self {
        case .theme(let name): name
        case .splashDuration(let ms): ms == 0 ? "none" : OneDecimal.text(Double(ms) / 1000) + " s"
        case .kioskIdle(let s): s < 60 ? "\(s) s" : "\(s / 60) min"
        case .phoneRegion(let code): Self.regionText(code)
        case .sync(let text): text
        case .syncEvery(let m): m == 0 ? "only when asked" : "\(m) min"
        default: nil
        }
    }

    var isOn: Bool? {
        switch self {
        case .animations(let on), .mouse(let on), .confirmBeforeDelete(let on): on
        default: nil
        }
    }

    var icon: String? {
        switch self {
        case .theme, .themeFixed: Glyphs.current.theme
        case .animations: Glyphs.current.animations
        case .mouse: Glyphs.current.mouse
        case .splashDuration: Glyphs.current.splash
        case .confirmBeforeDelete: Glyphs.current.confirm
        case .kioskIdle: Glyphs.current.clock
        case .phoneRegion: Glyphs.current.clock.isEmpty ? "" : "✆" // where the set has symbols (not a console's)
        case .sync: Glyphs.current.sync
        case .syncEvery: Glyphs.current.clock
        case .changePassword: Glyphs.current.password
        case .deleteAccount: Glyphs.current.deleteAccount
        case .logOut: Glyphs.current.logOut
        default: nil
        }
    }

    /// "GB", "none (as typed)", "GB, from the locale", "none, from the locale".
    static func regionText(_ code: String) -> String {
        switch code {
        case "": "\(PhoneRegion.ofThisProcess?.code ?? "none"), from the locale"
        case "none": "none (as typed)"
        default: code
        }
    }
}
