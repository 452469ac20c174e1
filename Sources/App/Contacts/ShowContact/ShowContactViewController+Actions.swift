import TUIKit

extension ShowContactViewController {
    /// Copy (any e-mail or phone), Compose (with an e-mail), Open link (with a web address).
    var actionCommands: [KeyCommand] {
        guard let viewModel, viewModel.missingMessage == nil else { return [] }
        var commands = [KeyCommand(.character("y"), title: "Copy") { [weak self] in self?.interactor?.copyValue(request: .init()) }]
        if viewModel.hasEmail {
            commands.append(KeyCommand(.character("c"), title: "Compose") { [weak self] in self?.interactor?.composeMail(request: .init()) })
        }
        if viewModel.hasLink {
            commands.append(KeyCommand(.character("o"), title: "Open link") { [weak self] in self?.interactor?.openLink(request: .init()) })
        }
        return commands
    }
}
