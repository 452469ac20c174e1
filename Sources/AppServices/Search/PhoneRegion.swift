#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A region's telephone prefixes, so a number searched in its national form ("020 7946 0123" in
/// the United Kingdom) finds the same number stored in its international form
/// ("+44 20 7946 0123"), and the other way round: a phone-like search that starts with the
/// region's trunk prefix (0), or with its country code after `+` or the international prefix
/// (00), is searched for by the digits after it ("2079460123"), which both forms contain. One
/// small table of common regions, used by every store's search (`SearchText.searchPhrase`).
public struct PhoneRegion: Equatable, Sendable {
    /// ISO 3166 code: "GB".
    public let code: String
    /// The country calling code, digits: "44".
    public let countryCode: String
    /// What a national number starts with, dialled at home: "0" (GB, DE, FR…), "1" (US, CA).
    public let trunkPrefix: String
    /// What dials abroad: "00", "011" (US, CA), "0011" (AU).
    public let internationalPrefix: String

    /// The regions known, by code (what the Settings row cycles through).
    public static let all: [PhoneRegion] = [
        .init("GB", "44", "0", "00"), .init("US", "1", "1", "011"), .init("CA", "1", "1", "011"),
        .init("DE", "49", "0", "00"), .init("FR", "33", "0", "00"), .init("NL", "31", "0", "00"),
        .init("BE", "32", "0", "00"), .init("CH", "41", "0", "00"), .init("AT", "43", "0", "00"),
        .init("IE", "353", "0", "00"), .init("SE", "46", "0", "00"), .init("FI", "358", "0", "00"),
        .init("AU", "61", "0", "0011"), .init("NZ", "64", "0", "00"), .init("ZA", "27", "0", "00"),
        .init("IN", "91", "0", "00"), .init("JP", "81", "0", "010"), .init("KR", "82", "0", "001"),
        .init("CN", "86", "0", "00"), .init("TR", "90", "0", "00"), .init("IL", "972", "0", "00"),
        .init("RU", "7", "8", "810"),
    ]

    private init(_ code: String, _ countryCode: String, _ trunkPrefix: String, _ internationalPrefix: String) {
        self.code = code
        self.countryCode = countryCode
        self.trunkPrefix = trunkPrefix
        self.internationalPrefix = internationalPrefix
    }

    /// The region with this code ("gb" or "GB"), if the table has it.
    public static func named(_ code: String) -> PhoneRegion? {
        let upper = code.uppercased()
        return all.first { $0.code == upper }
    }

    /// The region of a locale's name: "en_GB.UTF-8" → GB, "de_DE@euro" → DE; "C", "POSIX", a
    /// name without a territory or one the table lacks → nil.
    public static func ofLocale(_ name: String) -> PhoneRegion? {
        let base = name.split(separator: ".").first.map { $0.split(separator: "@").first ?? $0 } ?? ""
        let parts = base.split(separator: "_")
        guard parts.count >= 2 else { return nil }
        return named(String(parts[1]))
    }

    /// The region the locale names: LC_ALL, else LC_TELEPHONE, else LANG (the first set and not
    /// empty, as the C library reads them); nil for C, POSIX or none.
    public static func fromLocale(_ environment: (String) -> String?) -> PhoneRegion? {
        for name in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
            if let value = environment(name), !value.isEmpty { return ofLocale(value) }
        }
        return nil
    }

    /// This process's locale's region (read once).
    public static let ofThisProcess: PhoneRegion? = fromLocale { name in getenv(name).map { String(cString: $0) } }

    /// The region a stored setting chooses: "" → the locale's, "none" → none, else the code.
    public static func chosen(by setting: String) -> PhoneRegion? {
        switch setting {
        case "": ofThisProcess
        case "none": nil
        default: named(setting)
        }
    }

    /// The digits a phone-like search is looked for by: with the trunk prefix or (after `+` or
    /// the international prefix) this region's country code in front, the digits after it, when
    /// three or more are left; else the digits as typed.
    func searchDigits(_ digits: String, plus: Bool) -> String {
        var rest: Substring? = nil
        if plus {
            if digits.hasPrefix(countryCode) { rest = digits.dropFirst(countryCode.count) }
        } else if digits.hasPrefix(internationalPrefix + countryCode) {
            rest = digits.dropFirst(internationalPrefix.count + countryCode.count)
        } else if digits.hasPrefix(trunkPrefix) {
            rest = digits.dropFirst(trunkPrefix.count)
        }
        guard let rest, rest.count >= 3 else { return digits }
        return String(rest)
    }
}
