/// What each vCard version may hold: a kept property is written in the form of the version
/// being written. GEO moves between 3.0's `lat;lon` and 4.0's `geo:lat,lon` URI; a property the
/// version does not have (3.0's LABEL, MAILER, CLASS…; 4.0's KIND, GENDER, ANNIVERSARY…) is
/// written as its X- form (`X-GENDER`), and an X- form the version does have loses its `X-`;
/// `TYPE=pref` and `PREF=1` follow the version too.
enum VCardConformance {
    /// Properties of vCard 3.0 (RFC 2426) that 4.0 (RFC 6350) removed.
    static let only30: Set<String> = ["LABEL", "MAILER", "NAME", "PROFILE", "SORT-STRING", "CLASS", "AGENT"]
    /// Properties vCard 4.0 added that 3.0 does not have.
    static let only40: Set<String> = ["KIND", "GENDER", "LANG", "ANNIVERSARY", "XML", "CLIENTPIDMAP", "MEMBER", "RELATED"]

    /// `property` as the lines `version` writes for it: `adapted`, and a property name vCard
    /// does not allow made one it does. KAddressBook's `X-messaging/xmpp-All:a@b.org` is the
    /// IMPP it stands for (`IMPP:xmpp:a@b.org`, one per address: KAddressBook separates several
    /// with U+E000), as kcontacts itself converts them; any other name's characters outside
    /// letters, digits and `-` become `-` (`X-FOO/BAR` is written `X-FOO-BAR`).
    static func written(_ property: VCardProperty, to version: VCardVersion) -> [VCardProperty] {
        let name = property.name
        if name.hasPrefix("X-MESSAGING/") {
            var scheme = String(name.dropFirst("X-MESSAGING/".count))
            if let dash = scheme.lastIndex(of: "-") { scheme = String(scheme[..<dash]) }
            scheme = scheme.lowercased()
            if !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "+" || $0 == ".") }) {
                let addresses = property.value.split(separator: "\u{E000}").map(String.init).filter { !$0.isEmpty }
                return addresses.map { address in
                    var p = property
                    p.name = "IMPP"
                    p.value = scheme + ":" + address
                    return adapted(p, to: version)
                }
            }
        }
        var p = property
        if !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            p.name = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
            if !p.name.hasPrefix("X-") { p.name = "X-" + p.name }
        }
        return [adapted(p, to: version)]
    }

    /// `property` as `version` (4.0 or 3.0) may have it.
    static func adapted(_ property: VCardProperty, to version: VCardVersion) -> VCardProperty {
        var p = property
        let foreign = version == .v40 ? only30 : only40
        let own = version == .v40 ? only40 : only30
        if foreign.contains(p.name) {
            p.name = "X-" + p.name
        } else if p.name.hasPrefix("X-"), own.contains(String(p.name.dropFirst(2))) {
            p.name = String(p.name.dropFirst(2))
        }
        if p.name == "GEO" { p.value = geo(p.value, to: version) }
        if version == .v40 {
            if p.types.contains("pref") {
                for i in p.parameters.indices where p.parameters[i].name == "TYPE" {
                    p.parameters[i].values = p.parameters[i].values.compactMap { value in
                        let kept = value.split(separator: ",").filter { $0.lowercased() != "pref" }.joined(separator: ",")
                        return kept.isEmpty ? nil : kept
                    }
                }
                p.parameters.removeAll { $0.name == "TYPE" && $0.values.isEmpty }
                if !p.parameters.contains(where: { $0.name == "PREF" }) { p.parameters.append(VCardParameter(name: "PREF", values: ["1"])) }
            }
        } else if p.parameters.contains(where: { $0.name == "PREF" }) {
            let preferred = p.isPreferred
            p.parameters.removeAll { $0.name == "PREF" }
            if preferred, !p.types.contains("pref") { p.parameters.append(VCardParameter(name: "TYPE", values: ["pref"])) }
        }
        return p
    }

    /// A GEO value in the version's form: `37.386013;-122.082932` (3.0) or
    /// `geo:37.386013,-122.082932` (4.0). A value in neither form stays as it is.
    static func geo(_ value: String, to version: VCardVersion) -> String {
        let text = value.trimmingSpaces
        let lower = text.lowercased()
        var coordinates: [Substring]
        if lower.hasPrefix("geo:") {
            // geo:lat,lon[,alt][;u=uncertainty]
            let body = text.dropFirst(4).prefix { $0 != ";" }
            coordinates = body.split(separator: ",", omittingEmptySubsequences: false)
        } else {
            // 3.0 writes `lat;lon`; the reader keeps escapes, so `\;` may appear too.
            let unescaped = VCardEscaping.unescape(text)
            coordinates = Substring(unescaped).split(whereSeparator: { $0 == ";" || $0 == "," })
        }
        guard coordinates.count >= 2, coordinates.prefix(2).allSatisfy({ Double(String($0).trimmingSpaces) != nil }) else { return value }
        let lat = String(coordinates[0]).trimmingSpaces, lon = String(coordinates[1]).trimmingSpaces
        return version == .v40 ? "geo:\(lat),\(lon)" : "\(lat);\(lon)"
    }
}
