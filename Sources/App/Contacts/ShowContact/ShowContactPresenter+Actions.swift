import AppServices

/// What the card's actions say: plainly what happened, and what to do when a program is missing.
extension ShowContactPresenter {
    func presentCopy(response: ShowContact.CopyValue.Response) {
        let message: String
        if let value = response.value {
            message = response.copied
                ? "Copied \(value) to the clipboard" + (response.next.map { " (y again: \($0))." } ?? ".")
                : "This terminal does not take a copy (it has no OSC 52): select \(value) with the mouse (Shift-drag) instead."
        } else {
            message = "Nothing to copy: the contact has no e-mail or phone."
        }
        viewController?.displayAction(viewModel: .init(message: message))
    }

    func presentCompose(response: ShowContact.ComposeMail.Response) {
        let message: String
        if let address = response.address, let refusal = response.refusal {
            viewController?.displayAction(viewModel: .init(message: "Not handed to \(response.program): the e-mail “\(address)” " + Self.reason(refusal, program: response.program)))
            return
        }
        switch (response.address, response.outcome) {
        case (nil, _): message = "No e-mail to write to."
        case (let address?, .exited(0)?): message = "Back from \(response.program) (mail to \(address))."
        case (_, .exited(127)?), (_, .notFound?):
            message = response.program == "mutt" ? "No mail program: install mutt, or set MAILER to the one you use."
                : "The mail program “\(response.program)” (MAILER) was not found."
        case (_, .exited(let status)?): message = "\(response.program) ended with status \(status)."
        case (_, .failed(let reason)?): message = "\(response.program) could not be started: \(reason)."
        case (_, nil): message = "No mail program could be started here."
        }
        viewController?.displayAction(viewModel: .init(message: message))
    }

    func presentOpen(response: ShowContact.OpenLink.Response) {
        let message: String
        if let url = response.url, let refusal = response.refusal {
            viewController?.displayAction(viewModel: .init(message: "Not opened: “\(url)” " + Self.reason(refusal, program: "xdg-open")))
            return
        }
        switch (response.url, response.outcome) {
        case (nil, _): message = "No web address to open."
        case (let url?, .exited(0)?): message = "Opened \(url)."
        case (let url?, .notFound?): message = "xdg-open is not installed (xdg-utils): open \(url) yourself."
        case (let url?, .exited(let status)?): message = "xdg-open could not open \(url) (status \(status))."
        case (let url?, .failed(let reason)?): message = "xdg-open could not be started (\(reason)): open \(url) yourself."
        case (let url?, nil): message = "Nothing here can open \(url)."
        }
        viewController?.displayAction(viewModel: .init(message: message))
    }

    /// Why a card's value was not handed to a program, for a person (the value is shown before it).
    static func reason(_ refusal: ProgramArgument.Refusal, program: String) -> String {
        switch refusal {
        case .startsWithDash: "starts with “-”, which \(program) would read as an option."
        case .holdsControl: "holds control characters or spaces (shown as �), which no address has."
        case .notAnAddress: "is not an e-mail address."
        case .scheme(let scheme): "is a “\(scheme):” address; only http:// and https:// web addresses are opened."
        case .notAWebAddress: "is not a web address (http:// or https://); a path on this machine is never opened."
        }
    }
}
