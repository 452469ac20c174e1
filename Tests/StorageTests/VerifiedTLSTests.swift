import App
import AppServices
import Foundation
import Testing
@testable import Storage

/// The CA file that signed the test server's certificate (`.ci/postgres` makes both).
private let testServerCA = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_CA"].flatMap { $0.isEmpty ? nil : $0 }

/// `sslmode=verify-full`, what the README recommends: the test server's certificate is made by
/// `.ci/postgres` and signed by its own CA (`SWITCHBOARD_TEST_POSTGRES_CA`); a client that trusts
/// that CA connects over TLS, one given another CA is refused with a message that says why.
@Suite("TLS with a verified certificate",
       .enabled(if: PostgresTestServer.isAvailable && testServerCA != nil,
                "needs SWITCHBOARD_TEST_POSTGRES_URL and SWITCHBOARD_TEST_POSTGRES_CA (.ci/run sets both)"))
struct VerifiedTLSTests {
    static var caFile: String? { testServerCA }

    func uri(trusting ca: String) -> String {
        let base = PostgresTestServer.url!
        return base + (base.contains("?") ? "&" : "?") + "sslmode=verify-full&sslrootcert=" + ca
    }

    @Test func aServerWhoseCertificateChecksOutIsUsedOverTLS() throws {
        let pg = try PostgresConnection(uri: uri(trusting: Self.caFile!))
        #expect(try pg.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").bool(0, 0))
    }

    @Test func aCertificateNoTrustedCASignedIsRefusedAndSaysWhy() throws {
        let other = (Self.caFile! as NSString).deletingLastPathComponent + "/other-ca.crt"
        let error = #expect(throws: ServiceError.self) { _ = try PostgresConnection(uri: uri(trusting: other)) }
        #expect(error?.code == ServiceError.Code.tlsFailed)
        #expect(error?.message.contains("could not be trusted") == true, "\(String(describing: error))")
        #expect(error?.message.contains("switchboard:switchboard") == false && error?.description.contains("switchboard:switchboard") == false)
    }
}
