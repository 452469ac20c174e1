import AppServices

/// The card's actions (issue 39): copy an e-mail or phone, write a mail, open the web address.
extension ShowContact {
    /// `y`: the next e-mail or phone to the clipboard (the preferred e-mail first, then the other
    /// e-mails, then the phones, the preferred first; again and again round).
    enum CopyValue {
        struct Request: Equatable {}
        struct Response: Equatable {
            /// What was copied, or would have been; nil when the contact has neither.
            var value: String?
            /// Whether the terminal took it.
            var copied: Bool
            /// What comes next with `y` (nil: nothing else).
            var next: String?
        }
    }
    /// `c`: a mail to the preferred e-mail, written in `$MAILER` (else mutt).
    enum ComposeMail {
        struct Request: Equatable {}
        struct Response: Equatable {
            var address: String?; var program: String; var outcome: ProgramOutcome?
            /// Why the address was not handed to the mail program (nil: it was, or there is none).
            var refusal: ProgramArgument.Refusal? = nil
        }
    }
    /// `o`: the web address opened with xdg-open (http and https only).
    enum OpenLink {
        struct Request: Equatable {}
        struct Response: Equatable {
            var url: String?; var outcome: ProgramOutcome?
            /// Why the address was not handed to xdg-open (nil: it was, or there is none).
            var refusal: ProgramArgument.Refusal? = nil
        }
    }
    /// What an action says, under the name.
    struct ActionMessage: Equatable { var message: String }
}

extension ContactRecord {
    /// What `y` copies, in turn: the preferred e-mail, the other e-mails, the preferred phone, the other phones.
    var copyableValues: [String] {
        func preferredFirst(_ values: [String], _ preferred: Int?) -> [String] {
            guard let p = preferred, p < values.count else { return values }
            return [values[p]] + values.enumerated().filter { $0.offset != p }.map(\.element)
        }
        return (preferredFirst(emails, preferredEmail) + preferredFirst(phones.map(\.number), preferredPhone)).filter { !$0.isEmpty }
    }

    /// Where a mail goes: the preferred e-mail, else the first.
    var mailAddress: String? { copyableValues.first { $0.contains("@") && emails.contains($0) } }
}
