/// A `switchboard://` link, parsed into the screen it names — or the reason it cannot be opened.
public enum DeepLinkRequest: Equatable, Sendable {
    case screen(Screen)
    case invalid(DeepLinkError)
}

/// Why a link cannot be opened; the main screen shows the message.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case notALink(String)
    case wrongScheme(String)
    case unknownTarget(String)
    case missingParameter(target: String, name: String)

    public var description: String {
        switch self {
        case .notALink(let text): "“\(text)” is not a link. Links look like switchboard://text-confirmation?text=hello"
        case .wrongScheme(let text): "“\(text)” is not a switchboard:// link."
        case .unknownTarget(let target): "switchboard:// has no screen “\(target)”. Try main, contacts, contacts/ID, duplicates, trash, friends, birthdays, correspondents, activity, settings or about."
        case .missingParameter(let target, let name): "The link to \(target) needs ?\(name)=…"
        }
    }
}

/// Parses `switchboard://…` links into `Screen` values.
public enum DeepLink {
    public static func parse(_ text: String) -> DeepLinkRequest {
        guard let link = LinkParts(text) else { return .invalid(.notALink(text)) }
        guard link.scheme.lowercased() == "switchboard" else { return .invalid(.wrongScheme(text)) }
        var parts: [String] = []
        if !link.host.isEmpty { parts.append(link.host) }
        parts += link.path.split(separator: "/").map(String.init)
        let query = Dictionary(link.queryItems, uniquingKeysWith: { a, _ in a })
        guard let target = parts.first?.lowercased() else { return .screen(.main) }
        switch (target, parts.count) {
        case ("main", 1): return .screen(.main)
        case ("text-input", 1): return .screen(.textInput)
        case ("text-confirmation", 1):
            guard let value = query["text"], value.contains(where: { !$0.isWhitespace }) else {
                return .invalid(.missingParameter(target: "text-confirmation", name: "text"))
            }
            return .screen(.textConfirmation(text: value))
        case ("activity", 1): return .screen(.activity)
        case ("birthdays", 1): return .screen(.birthdays)
        case ("correspondents", 1): return .screen(.correspondents)
        case ("contacts", 1): return .screen(.contactList)
        case ("duplicates", 1): return .screen(.duplicates())
        case ("trash", 1): return .screen(.trash())
        case ("contacts", 2):
            guard let id = Int64(parts[1]), id > 0 else { return .invalid(.unknownTarget(parts.joined(separator: "/"))) }
            return .screen(.contactDetail(id: id))
        case ("friends", 1): return .screen(.friendsList)
        case ("friends-demo", 1): return .screen(.friendsListDemo)
        case ("settings", 1): return .screen(.settings)
        case ("about", 1): return .screen(.about)
        case ("sync", 1): return .screen(.sync)
        default: return .invalid(.unknownTarget(parts.joined(separator: "/")))
        }
    }
}
