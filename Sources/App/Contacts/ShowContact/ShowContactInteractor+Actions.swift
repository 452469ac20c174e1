import AppServices

/// The card's actions: copy (`y`), compose (`c`), open the web address (`o`).
extension ShowContactInteractor {
    func copyValue(request: ShowContact.CopyValue.Request) {
        let values = contact?.copyableValues ?? []
        guard !values.isEmpty else { presenter?.presentCopy(response: .init(value: nil, copied: false)); return }
        let index = nextCopy % values.count
        let copied = actions?.copy(values[index]) ?? false
        nextCopy = index + 1
        presenter?.presentCopy(response: .init(value: values[index], copied: copied,
                                               next: values.count > 1 ? values[(index + 1) % values.count] : nil))
    }

    func composeMail(request: ShowContact.ComposeMail.Request) {
        let program = actions?.mailProgram ?? "mutt"
        guard let address = contact?.mailAddress, let actions else {
            presenter?.presentCompose(response: .init(address: nil, program: program, outcome: nil))
            return
        }
        switch ProgramArgument.mailAddress(address) {
        case .success(let address):
            presenter?.presentCompose(response: .init(address: address, program: program, outcome: actions.composeMail(to: address)))
        case .failure(let refusal):
            presenter?.presentCompose(response: .init(address: address, program: program, outcome: nil, refusal: refusal))
        }
    }

    func openLink(request: ShowContact.OpenLink.Request) {
        let url = contact?.url.trimmedSpaces ?? ""
        guard !url.isEmpty, let actions else { presenter?.presentOpen(response: .init(url: nil, outcome: nil)); return }
        switch ProgramArgument.webAddress(url) {
        case .success(let web): presenter?.presentOpen(response: .init(url: web, outcome: actions.open(web)))
        case .failure(let refusal): presenter?.presentOpen(response: .init(url: url, outcome: nil, refusal: refusal))
        }
    }
}
