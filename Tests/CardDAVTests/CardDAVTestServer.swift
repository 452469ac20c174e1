import Foundation
import Testing
@testable import CardDAV

/// The CardDAV server the server half of these tests runs against: the Radicale whose base URL
/// is in `SWITCHBOARD_TEST_CARDDAV_URL` (`.ci/carddav start DIR` makes one and prints it; user
/// `alice`, password `alice pw`). `SWITCHBOARD_TEST_CARDDAV_TLS_URL` is one over HTTPS, whose
/// certificate `SWITCHBOARD_TEST_CARDDAV_CA` signed (`.ci/carddav start DIR --tls`; DIR/ca.crt).
/// `SWITCHBOARD_TEST_CARDDAV_XANDIKOS_URL` is a Xandikos (`.ci/carddav start DIR --xandikos`),
/// which the protocol tests also run against; it checks no passwords.
/// Without them those tests are skipped, and say so — they never pass silently.
enum CardDAVTestServer {
    /// One server the protocol tests run against.
    struct Server: Sendable, CustomTestStringConvertible {
        var name: String
        var url: String
        /// Whether it signs in with passwords (Xandikos leaves that to a proxy).
        var checksPasswords: Bool
        var testDescription: String { name }
    }

    /// The servers there are: Radicale, and Xandikos when its URL is set.
    static let servers: [Server] = {
        var servers: [Server] = []
        if let url { servers.append(Server(name: "Radicale", url: url, checksPasswords: true)) }
        if let xandikos = value("SWITCHBOARD_TEST_CARDDAV_XANDIKOS_URL", "the Xandikos half of the CardDAV server tests") {
            servers.append(Server(name: "Xandikos", url: xandikos, checksPasswords: false))
        }
        return servers
    }()

    static let environmentKey = "SWITCHBOARD_TEST_CARDDAV_URL"
    static let tlsEnvironmentKey = "SWITCHBOARD_TEST_CARDDAV_TLS_URL"
    static let user = "alice"
    static let password = "alice pw"

    static let url: String? = value(environmentKey, "the CardDAV server half of the CardDAV tests")
    static let tlsURL: String? = value(tlsEnvironmentKey, "the CardDAV-over-TLS tests")
    static let caFile: String? = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_CARDDAV_CA"]

    static var isAvailable: Bool { url != nil }
    static var isTLSAvailable: Bool { tlsURL != nil && caFile != nil }

    private static func value(_ key: String, _ what: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[key], !value.isEmpty else {
            print("note: \(key) is not set, so \(what) is SKIPPED (start a server with .ci/carddav start DIR and export it).")
            return nil
        }
        return value
    }

    /// A client signed in as alice (or with `password`).
    static func client(password: String = password, caFile: String? = nil) throws -> CardDAVClient {
        CardDAVClient(transport: try CardDAVTransport(credentials: .init(user: user, password: password),
                                                      options: .init(caFile: caFile)))
    }

    /// A new, empty address book of alice's on `server` (Radicale by default), made for one test
    /// (its own name, so tests don't meet), in the home discovery finds.
    static func freshAddressBook(_ client: CardDAVClient, on server: Server? = nil) throws -> AddressBook {
        let base = try #require(server?.url ?? url)
        let home = try client.discover(from: base).homeURL
        let segment = "test-" + UUID().uuidString.lowercased()
        return try client.createAddressBook(in: home, segment: segment, displayName: "Test \(segment.prefix(13))")
    }
}
