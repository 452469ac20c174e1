import AppServices

@MainActor
protocol CorrespondentsBusinessLogic: AnyObject {
    func show(request: Correspondents.Show.Request)
    func mark(request: Correspondents.Mark.Request)
    func addMarked(request: Correspondents.AddMarked.Request)
}

/// Keeps the people shown and which are marked; adds the marked (or, with none marked, the one
/// Enter was pressed on) and reads the list again, so those added leave it.
@MainActor
final class CorrespondentsInteractor: CorrespondentsBusinessLogic {
    var presenter: CorrespondentsPresentationLogic?
    let worker: CorrespondentsWorker
    private(set) var people: [MailCorrespondent] = []
    private(set) var marked: Set<Int> = []

    init(worker: CorrespondentsWorker) { self.worker = worker }

    func show(request: Correspondents.Show.Request) { read(message: nil) }

    private func read(message: String?) {
        worker.fetchStrangers { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let found):
                if found != self.people { self.marked = [] }
                self.people = found
                self.presenter?.present(response: .init(people: found, marked: self.marked, message: message))
            case .failure(let error):
                self.presenter?.present(response: .init(people: self.people, marked: self.marked, error: error.description))
            }
        }
    }

    func mark(request: Correspondents.Mark.Request) {
        guard request.index < people.count else { return }
        if marked.remove(request.index) == nil { marked.insert(request.index) }
        presenter?.present(response: .init(people: people, marked: marked))
    }

    func addMarked(request: Correspondents.AddMarked.Request) {
        let chosen = marked.isEmpty ? request.selected.map { [$0] } ?? [] : marked.sorted()
        let adding = chosen.filter { $0 < people.count }.map { people[$0] }
        guard !adding.isEmpty else { return }
        worker.add(adding) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let count):
                self.marked = []
                self.read(message: count == 1 ? "Added 1 contact." : "Added \(count) contacts.")
            case .failure(let error):
                self.presenter?.present(response: .init(people: self.people, marked: self.marked, error: "Nothing was added: " + error.description))
            }
        }
    }
}
