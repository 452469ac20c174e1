import AppServices
import Interchange
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard harvest PATH…`: learns from the mail a person keeps who they write to and hear
/// from (issue 50). Each PATH is a maildir, an mbox file, or a directory holding them. Sent folders
/// are read first; a message is the user's when it is in a sent folder (named so, or given with
/// `--sent`) or its From: is one of the user's addresses (`--me`, and every sender of a sent
/// folder; remembered in the data file). For a message the user wrote, each recipient counts as
/// written to; for another, its sender as received from. The counts rank `query`; `--list` and
/// `--add N` show and add the people written to who are not contacts.
struct HarvestCommand {
    var paths: [String] = []
    var sent: [String] = []
    var me: [String] = []
    var list = false
    var add: Int?
    var forget = false
    var opener = AccountOpener()
    var wantsHelp = false
    var now: Int64 = Int64(time(nil))

    static let help = """
    usage: switchboard harvest PATH… [--me ADDRESS]… [--sent PATH]… [--user NAME] [--db PATH]
           switchboard harvest [PATH…] --list | --add N
      Reads the mail in each PATH (a maildir, an mbox file, or a directory of them) and counts, for
      each address, how often and how lately you wrote to it and got mail from it. query puts the
      people you write to most (and most lately) first.
      Which mail is yours: every message in a sent folder (a folder named Sent, Sent Items, Sent
      Messages, sent-mail, Gesendet…, or one given with --sent), and every message whose From is
      one of your addresses: those given with --me, and the senders of your sent folders (both are
      remembered). Sent folders are read first.
      Each run adds only what is new: the maildir files and how much of each mbox were read are
      remembered (an mbox rewritten since is read again; a message already counted, by its
      Message-ID, is never counted twice). Messages that cannot be read are named and skipped.
      --list: the people you wrote to who are not in the address book, most written to first
              (address TAB name TAB times TAB last date).
      --add N: adds the first N of them as contacts.
      --forget: forgets every count and what was read, before reading PATHs again.
        muttrc:  (run it now and then, or from cron)  switchboard harvest ~/Mail
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> HarvestCommand {
        var command = HarvestCommand()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--me": command.me.append(try cursor.value(for: argument))
            case "--sent":
                let path = try cursor.value(for: argument)
                command.sent.append(path)
                command.paths.append(path)
            case "--list": command.list = true
            case "--forget": command.forget = true
            case "--add":
                let value = try cursor.value(for: argument)
                guard let n = Int(value), n > 0 else { throw .badValue(flag: argument, value: value, expected: "a number of people, 1 or more") }
                command.add = n
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            case "--team": throw .badValue(flag: argument, value: "", expected: "nothing: what you write is counted in your own book, never the team's")
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default: command.paths.append(argument)
            }
        }
        for address in command.me where !address.contains("@") {
            throw .badValue(flag: "--me", value: address, expected: "an e-mail address")
        }
        if command.paths.isEmpty && !command.list && command.add == nil && !command.wantsHelp && !command.forget {
            throw .missingValue("harvest PATH")
        }
        return command
    }

    func run(environment: [String: String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        // Every PATH is looked at before anything is read: one that is not mail stops the run.
        let sentPaths = Set(sent.map(Self.withoutTrailingSlash))
        var folders: [MailFolder] = []
        for path in paths.map(Self.withoutTrailingSlash) {
            do {
                for folder in try MailFolder.folders(at: path, sent: sentPaths) where !folders.contains(where: { $0.path == folder.path }) {
                    folders.append(folder)
                }
            } catch {
                print("switchboard: harvest: \(error)", to: &errors)
                return 1
            }
        }
        var exitCode: Int32 = 0
        guard let book = opener.openStore(for: "harvest", environment: environment, errors: &errors, exitCode: &exitCode) else { return exitCode }
        guard let store = book.mailHistory else {
            print("switchboard: harvest: this store keeps no mail counts", to: &errors)
            return 1
        }
        do throws(ServiceError) {
            if forget { try store.forgetHarvest() }
            if !folders.isEmpty {
                let code = try harvest(folders, store: store, output: &output, errors: &errors)
                if code != 0 { return code }
            }
            if list || add != nil {
                return try correspondents(book, store: store, output: &output)
            }
            return 0
        } catch {
            print("switchboard: harvest: \(CommandLineMessage.line(for: error)); what was read before this is kept, the next run goes on from there", to: &errors)
            return 1
        }
    }

    private func harvest(_ folders: [MailFolder], store: any MailHistoryService,
                         output: inout some TextOutputStream, errors: inout some TextOutputStream) throws(ServiceError) -> Int32 {
        var mine = Set(try store.myAddresses())
        for address in me { mine.insert(MailCorrespondent.key(address)) }
        var harvester = MailHarvester(store: store, mine: mine, now: now)
        var problems: [String] = []
        harvester.problem = { problems.append($0) }
        // Sent folders first: their senders are the user's addresses before the rest is read.
        for folder in folders.filter(\.isSent) + folders.filter({ !$0.isSent }) {
            switch folder.kind {
            case .maildir: try harvester.harvestMaildir(folder)
            case .mbox: try harvester.harvestMbox(folder)
            }
            for line in problems.prefix(20) { print("switchboard: harvest: \(line)", to: &errors) }
            if problems.count > 20 { print("switchboard: harvest: … and \(problems.count - 20) more messages of \(folder.path) skipped", to: &errors) }
            problems = []
        }
        try harvester.flush()
        let report = harvester.report
        for path in report.rewritten {
            print("\(path) was rewritten since the last harvest: read again from its start (messages counted before are not counted again)", to: &output)
        }
        var line = "harvested \(report.folders) \(report.folders == 1 ? "folder" : "folders"): \(report.read) \(report.read == 1 ? "message" : "messages") read"
        line += ", \(report.counted) new"
        if report.alreadyRead > 0 { line += ", \(report.alreadyRead) read before" }
        if report.skipped > 0 { line += ", \(report.skipped) skipped (not readable, named above)" }
        if report.retried > 0 { line += "; \(report.retried) of them could not be read, tried again at the next harvest" }
        print(line, to: &output)
        if harvester.mine.isEmpty {
            print("none of your addresses is known (no sent folder, no --me): only who wrote to you was counted; give --me ADDRESS or your sent folder", to: &output)
        }
        return 0
    }

    /// The people written to who are not contacts, most written to first: listed, or the first N added.
    private func correspondents(_ book: any AddressBookService, store: any MailHistoryService,
                                output: inout some TextOutputStream) throws(ServiceError) -> Int32 {
        let written = try store.writtenTo()
        let known = try store.knownAddresses(among: written.map(\.address))
        let strangers = written.filter { !known.contains(MailCorrespondent.key($0.address)) }
        if let add {
            let chosen = Array(strangers.prefix(add))
            try book.inOneTransaction { () throws(ServiceError) in
                for person in chosen {
                    _ = try book.add(AddEmailCommand.record(for: MailAddress(name: person.name, address: person.address)))
                }
            }
            for person in chosen {
                let who = QueryFormat.column(person.name.isEmpty ? person.address : "\(person.name) <\(person.address)>")
                print("added \(who)", to: &output)
            }
            if chosen.isEmpty { print("Everyone you wrote to is in the address book.", to: &output) }
            return 0
        }
        if strangers.isEmpty { print("Everyone you wrote to is in the address book.", to: &output); return 0 }
        for person in strangers {
            print("\(QueryFormat.addressField(QueryFormat.column(person.address)))\t\(QueryFormat.column(person.name))\t\(person.sent)\t\(MailCountText.day(person.lastSent ?? 0))", to: &output)
        }
        return 0
    }

    static func withoutTrailingSlash(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
