/// An edit of a kept card: only the properties whose field changed are rewritten.
public extension VCard {
    /// Rewrites the properties of each field that differs between `old` (what the card said) and
    /// `new` (what the contact says now) and sets REV to `revision` when anything changed; every
    /// other property stays as it was, where it was. A changed value keeps its property's group
    /// and parameters; a changed label or preference rewrites the parameters that say them.
    /// Returns true when the card changed.
    @discardableResult
    mutating func apply(from old: ContactCard, to new: ContactCard, revision: String) -> Bool {
        var edit = CardEdit(card: self)
        if old.formattedName != new.formattedName { edit.setSingle("FN", value: VCardEscaping.escape(new.formattedName), keepEmpty: true) }
        if [old.familyName, old.givenName, old.additionalNames, old.prefixes, old.suffixes]
            != [new.familyName, new.givenName, new.additionalNames, new.prefixes, new.suffixes] {
            let parts = [new.familyName, new.givenName, new.additionalNames, new.prefixes, new.suffixes]
            edit.setSingle("N", value: VCardEscaping.nameValue(parts), keepEmpty: true)
        }
        if old.nicknames != new.nicknames {
            edit.setSingle("NICKNAME", value: new.nicknames.map(VCardEscaping.escape).joined(separator: ","), removingOthers: true)
        }
        if old.organization != new.organization || old.organizationUnits != new.organizationUnits {
            let parts = new.organization.isEmpty && new.organizationUnits.isEmpty ? [] : [new.organization] + new.organizationUnits
            edit.setSingle("ORG", value: parts.map(VCardEscaping.escape).joined(separator: ";"))
        }
        if old.title != new.title { edit.setSingle("TITLE", value: VCardEscaping.escape(new.title)) }
        if old.note != new.note { edit.setSingle("NOTE", value: VCardEscaping.escape(new.note), removingOthers: true) }
        if old.uid != new.uid { edit.setSingle("UID", value: VCardEscaping.escape(new.uid)) }
        if old.birthday != new.birthday {
            let value = new.birthday.map { version == .v40 ? $0.basic : ($0.year == nil ? "1604-" + $0.description.dropFirst(2) : $0.description) }
            edit.setSingle("BDAY", value: value ?? "")
            if let date = new.birthday, date.year == nil, version != .v40, let i = edit.first("BDAY") {
                edit.card.properties[i].parameters.removeAll { $0.name == "X-APPLE-OMIT-YEAR" }
                edit.card.properties[i].parameters.append(VCardParameter(name: "X-APPLE-OMIT-YEAR", values: ["1604"]))
            }
        }
        if old.categories != new.categories {
            edit.setSingle("CATEGORIES", value: new.categories.map(VCardEscaping.escape).joined(separator: ","), removingOthers: true)
        }
        edit.setList("EMAIL", old: old.emails, new: new.emails)
        edit.setList("TEL", old: old.phones, new: new.phones)
        edit.setList("URL", old: old.urls, new: new.urls)
        edit.setAddresses(old: old.addresses, new: new.addresses)
        edit.setExtras(old: old.extras, new: new.extras)
        guard edit.changed else { return false }
        // REV where the card had it (a sync's PUT differs from the server's card only in the
        // edited lines and REV's value), else at the end.
        let rev = VCardProperty(name: "REV", value: revision)
        if let at = edit.card.properties.firstIndex(where: { $0.name == "REV" }) {
            edit.card.properties[at] = rev
            edit.card.properties = edit.card.properties.enumerated().filter { $0.offset == at || $0.element.name != "REV" }.map(\.element)
        } else {
            edit.card.properties.append(rev)
        }
        self = edit.card
        return true
    }
}

extension VCard {
    /// Gives the card a formatted name (FN) when it has none or an empty one — every vCard must
    /// have one, and readers such as python's vobject refuse a card without — from `name`, the
    /// name the contact is known by (an empty FN when that is blank too); a card with its own FN
    /// keeps it. True when it changed.
    @discardableResult
    public mutating func ensureFormattedName(_ name: String) -> Bool {
        func blank(_ text: String) -> Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }
        guard !blank(name) else {
            // Nothing to name it by (a card of only a note, an address or a UID): an empty FN, which
            // RFC 6350 allows and requires at least one of.
            guard !properties.contains(where: { $0.name == "FN" }) else { return false }
            properties.insert(VCardProperty(name: "FN", value: ""), at: properties.firstIndex { $0.name != "VERSION" } ?? properties.count)
            return true
        }
        let trimmed = name
        if let i = properties.firstIndex(where: { $0.name == "FN" }) {
            guard blank(properties[i].value) else { return false }
            properties[i].value = VCardEscaping.escape(trimmed)
            return true
        }
        let at = properties.firstIndex { $0.name != "VERSION" } ?? properties.count
        properties.insert(VCardProperty(name: "FN", value: VCardEscaping.escape(trimmed)), at: at)
        return true
    }
}

/// The work of `VCard.apply(from:to:revision:)`.
private struct CardEdit {
    var card: VCard
    var changed = false

    func first(_ name: String) -> Int? { card.properties.firstIndex { $0.name == name } }

    /// Where a new property of this name goes: after the last of its name, else at the end.
    func insertionPoint(for name: String) -> Int {
        (card.properties.lastIndex { $0.name == name }).map { $0 + 1 } ?? card.properties.count
    }

    /// The first property called `name` gets `value` (its group and parameters kept); an empty
    /// value removes it unless `keepEmpty`. `removingOthers`: the other properties of the name go.
    mutating func setSingle(_ name: String, value: String, keepEmpty: Bool = false, removingOthers: Bool = false) {
        changed = true
        let emptied = value.isEmpty && !keepEmpty
        if let i = first(name) {
            if emptied { card.properties.remove(at: i) } else { card.properties[i].value = value }
        } else if !emptied {
            card.properties.insert(VCardProperty(name: name, value: value), at: insertionPoint(for: name))
        }
        if removingOthers {
            let kept = emptied ? nil : first(name)
            card.properties = card.properties.enumerated().filter { $0.element.name != name || $0.offset == kept }.map(\.element)
        }
    }

    /// The properties of `name` that hold one item each (the reader skips empty ones), by position.
    func itemIndices(_ name: String) -> [Int] {
        card.properties.indices.filter { i in
            let p = card.properties[i]
            guard p.name == name else { return false }
            var text = p.text.trimmingSpaces
            if name == "TEL", text.lowercased().hasPrefix("tel:") { text = String(text.dropFirst(4)) }
            if name == "ADR" { return !(p.components.allSatisfy { $0.trimmingSpaces.isEmpty }) }
            return !text.isEmpty
        }
    }

    /// Pairs old and new items: by position when as many, else by equal value; the rest are
    /// removed (old) or added (new).
    static func pairs<T>(old: [T], new: [T], same: (T, T) -> Bool) -> (pairs: [(Int, Int)], removed: [Int], added: [Int]) {
        if old.count == new.count { return (Array(zip(old.indices, new.indices)), [], []) }
        var used = Set<Int>(), pairs: [(Int, Int)] = [], added: [Int] = []
        for (j, item) in new.enumerated() {
            if let i = old.indices.first(where: { !used.contains($0) && same(old[$0], item) }) {
                used.insert(i)
                pairs.append((i, j))
            } else {
                added.append(j)
            }
        }
        return (pairs, old.indices.filter { !used.contains($0) }, added)
    }

    /// The property at `index` gets `parameters` for its label and preference (the other
    /// parameters stay); alone in its group, it leaves the group, and the group's X-ABLABEL is
    /// marked in `deletions`.
    mutating func relabel(_ index: Int, with parameters: [VCardParameter], deletions: inout Set<Int>) {
        if let group = card.properties[index].group?.lowercased() {
            let members = card.properties.indices.filter { card.properties[$0].group?.lowercased() == group }
            let others = members.filter { $0 != index && card.properties[$0].name != "X-ABLABEL" }
            if others.isEmpty {
                card.properties[index].group = nil
                deletions.formUnion(members.filter { $0 != index })
            }
        }
        card.properties[index].parameters.removeAll { ["TYPE", "PREF", "X-ABLABEL"].contains($0.name) }
        card.properties[index].parameters.insert(contentsOf: parameters, at: 0)
    }

    /// Marks the property at `index` preferred or not, as its card's version writes it
    /// (`PREF=1` in 4.0, `TYPE=pref` before), its label's parameters left alone.
    mutating func prefer(_ index: Int, _ preferred: Bool) {
        var p = card.properties[index]
        p.parameters.removeAll { $0.name == "PREF" }
        for k in p.parameters.indices where p.parameters[k].name == "TYPE" {
            p.parameters[k].values = p.parameters[k].values.compactMap { value in
                let kept = value.split(separator: ",").filter { $0.lowercased() != "pref" }.joined(separator: ",")
                return kept.isEmpty ? nil : kept
            }
        }
        p.parameters.removeAll { $0.name == "TYPE" && $0.values.isEmpty }
        if preferred {
            p.parameters.append(card.version == .v40 ? VCardParameter(name: "PREF", values: ["1"]) : VCardParameter(name: "TYPE", values: ["pref"]))
        }
        card.properties[index] = p
    }

    mutating func setList(_ name: String, old: [LabeledValue], new: [LabeledValue]) {
        guard old != new else { return }
        changed = true
        let indices = itemIndices(name)
        guard indices.count == old.count else { return replaceAll(name, with: new.map { VCardWriter.property(name, for: $0) }) }
        let (pairs, removed, added) = Self.pairs(old: old, new: new) { $0.value == $1.value }
        var deletions = Set<Int>()
        for (i, j) in pairs where old[i] != new[j] {
            let index = indices[i]
            if old[i].value != new[j].value {
                let isURI = name == "TEL" && card.properties[index].text.trimmingSpaces.lowercased().hasPrefix("tel:")
                card.properties[index].value = (isURI ? "tel:" : "") + VCardEscaping.escape(new[j].value)
            }
            if old[i].label != new[j].label {
                relabel(index, with: VCardWriter.property(name, for: new[j]).parameters, deletions: &deletions)
            } else if old[i].isPreferred != new[j].isPreferred {
                prefer(index, new[j].isPreferred)
            }
        }
        removeItems(at: deletions.union(removed.map { indices[$0] }))
        let after = itemIndices(name).last.map { $0 + 1 } ?? card.properties.count
        card.properties.insert(contentsOf: added.map { VCardWriter.property(name, for: new[$0]) }, at: after)
    }

    mutating func setAddresses(old: [PostalAddress], new: [PostalAddress]) {
        func same(_ a: PostalAddress, _ b: PostalAddress) -> Bool { a.components == b.components && a.label == b.label && a.isPreferred == b.isPreferred }
        guard old.count != new.count || !zip(old, new).allSatisfy(same) else { return }
        changed = true
        func property(_ a: PostalAddress) -> VCardProperty {
            var p = VCardWriter.property("ADR", for: LabeledValue(label: a.label, value: "", isPreferred: a.isPreferred))
            p.value = a.components.map(VCardEscaping.escape).joined(separator: ";")
            return p
        }
        let indices = itemIndices("ADR")
        guard indices.count == old.count else { return replaceAll("ADR", with: new.map(property)) }
        let (pairs, removed, added) = Self.pairs(old: old, new: new) { $0.components == $1.components }
        var deletions = Set<Int>()
        for (i, j) in pairs where !same(old[i], new[j]) {
            let index = indices[i]
            if old[i].components != new[j].components {
                card.properties[index].value = property(new[j]).value
                // A delivery label written for the old address no longer says this one.
                card.properties[index].parameters.removeAll { $0.name == "LABEL" }
            }
            if old[i].label != new[j].label {
                relabel(index, with: property(new[j]).parameters, deletions: &deletions)
            } else if old[i].isPreferred != new[j].isPreferred {
                prefer(index, new[j].isPreferred)
            }
        }
        removeItems(at: deletions.union(removed.map { indices[$0] }))
        let after = itemIndices("ADR").last.map { $0 + 1 } ?? card.properties.count
        card.properties.insert(contentsOf: added.map { property(new[$0]) }, at: after)
    }

    /// The kept properties no field stands for (KIND, IMPP, ANNIVERSARY, X- properties…): each one
    /// whose line changed is rewritten where it is (its group kept), one removed goes, one added
    /// comes at the end; the others are not touched. Old and new are paired by position when as
    /// many, else by equal line, then what is left by name, in order.
    mutating func setExtras(old: [VCardProperty], new: [VCardProperty]) {
        func line(_ p: VCardProperty) -> String { p.contentLine }
        let oldLines = old.map(line), newLines = new.map(line)
        guard oldLines != newLines else { return }
        changed = true
        // Where each old one is in the card: the next property, in order, that reads the same.
        var at: [Int?] = []
        var from = 0
        for text in oldLines {
            if let i = card.properties.indices.dropFirst(from).first(where: { line(card.properties[$0]) == text }) {
                at.append(i)
                from = i + 1
            } else {
                at.append(nil)
            }
        }
        var (pairs, removed, added) = Self.pairs(old: oldLines, new: newLines) { $0 == $1 }
        if oldLines.count != newLines.count {
            // A changed one among others removed or added: paired with the next of its name.
            for j in added {
                guard let k = removed.firstIndex(where: { old[$0].name == new[j].name }) else { continue }
                pairs.append((removed[k], j))
                removed.remove(at: k)
                added.removeAll { $0 == j }
            }
        }
        for (i, j) in pairs where oldLines[i] != newLines[j] {
            guard let index = at[i] else { added.append(j); continue }
            var p = new[j]
            p.group = card.properties[index].group
            p.line = card.properties[index].line
            if p.name == card.properties[index].name { p.spelling = card.properties[index].spelling }
            card.properties[index] = p
        }
        removeItems(at: Set(removed.compactMap { at[$0] }))
        card.properties.append(contentsOf: added.sorted().map { new[$0] })
    }

    /// Removes the properties at `indices` and the X-ABLABEL of any group left with nothing else.
    mutating func removeItems(at indices: Set<Int>) {
        guard !indices.isEmpty else { return }
        let groups = Set(indices.compactMap { card.properties[$0].group?.lowercased() })
        card.properties = card.properties.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        for group in groups where !card.properties.contains(where: { $0.group?.lowercased() == group && $0.name != "X-ABLABEL" }) {
            card.properties.removeAll { $0.group?.lowercased() == group }
        }
    }

    /// Every property of `name` replaced by `properties`, where the first was.
    mutating func replaceAll(_ name: String, with properties: [VCardProperty]) {
        let at = first(name) ?? card.properties.count
        removeItems(at: Set(card.properties.indices.filter { card.properties[$0].name == name }))
        card.properties.insert(contentsOf: properties, at: min(at, card.properties.count))
    }
}
