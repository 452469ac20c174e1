import AppServices

/// When a new activity line rewrites the latest one instead of adding another: the same setting
/// changed again within a few minutes (cycling a theme through its values is one line, showing
/// where it ended), the rule both stores follow.
enum ActivityCoalescing {
    /// How long after a setting's line a change of the same setting rewrites it, in seconds.
    static let window: Int64 = 300

    /// Whether the latest event (`kind`, `subject`, `at`) is rewritten by a setting change `subject` made `now`.
    /// A switch (on or off) is never rewritten: turned off and on again, both are logged (issue 51).
    static func replaces(kind: String, subject latest: String, at: Int64, with subject: String, now: Int64) -> Bool {
        kind == ActivityKind.settingChanged.rawValue && now - at <= window && now >= at && name(of: latest) == name(of: subject)
            && !isSwitch(latest) && !isSwitch(subject)
    }

    /// "mouse: on", "animations: off".
    private static func isSwitch(_ subject: String) -> Bool { subject.hasSuffix(": on") || subject.hasSuffix(": off") }

    /// "theme: dark" → "theme".
    private static func name(of subject: String) -> Substring {
        subject.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}
