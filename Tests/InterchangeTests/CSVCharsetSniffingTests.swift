import Testing
import Glibc
@testable import Interchange

/// `text` in `charset`, through the C library's iconv (the test's own way, not the reader's).
func encoded(_ text: String, as charset: String) -> [UInt8] {
    let cd = iconv_open(charset, "UTF-8")!
    defer { iconv_close(cd) }
    var input = Array(text.utf8).map { CChar(bitPattern: $0) }
    var output = [CChar](repeating: 0, count: input.count * 4 + 16)
    let inCount = input.count, outCount = output.count
    var outLeft = outCount
    input.withUnsafeMutableBufferPointer { inBuffer in
        output.withUnsafeMutableBufferPointer { outBuffer in
            var inPointer: UnsafeMutablePointer<CChar>? = inBuffer.baseAddress
            var outPointer: UnsafeMutablePointer<CChar>? = outBuffer.baseAddress
            var inLeft = inCount
            _ = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
        }
    }
    return output.prefix(outCount - outLeft).map { UInt8(bitPattern: $0) }
}

/// A CSV file from Excel or Outlook has no BOM and no charset: fields that are not UTF-8 are
/// read in the charset the file's letters fit best, and the import says which.
@Suite("CSV charsets")
struct CSVCharsetSniffingTests {
    static let header = "First Name;Last Name;Company;City;E-mail Address\r\n"

    func rows(_ csv: [UInt8]) throws -> (rows: [[String]], charset: String?, line: Int?) {
        var reader = CSVReader(bytes: csv)
        var rows: [[String]] = []
        for item in try reader.readAll() { if case .record(let fields, _) = item { rows.append(fields) } }
        return (Array(rows.dropFirst()), reader.eightBit?.charset.name, reader.eightBit?.line)
    }

    @Test(arguments: [
        ("WINDOWS-1250", "Michał;Wałęsa;Stocznia Gdańska;Gdańsk;m@example.pl\r\nJiří;Dvořák;Škoda Auto;Mladá Boleslav;j@example.cz\r\nŽofia;Kováčová;Slovnaft;Bratislava;z@example.sk\r\n"),
        ("WINDOWS-1251", "Иван;Петров;Газпром;Москва;ivan@example.ru\r\nОлена;Шевченко;Укрзалізниця;Київ;olena@example.ua\r\n"),
        ("KOI8-R", "Иван;Петров;Газпром;Москва;ivan@example.ru\r\nМария;Сидорова;Аэрофлот;Санкт-Петербург;m@example.ru\r\n"),
        ("WINDOWS-1252", "José;Müller;Café Crème;Zürich;j@example.ch\r\nSøren;Ærø;Høj A/S;Århus;s@example.dk\r\nFrançois;Lefèvre;Société Générale;Besançon;f@example.fr\r\n"),
        ("WINDOWS-1252", "Jürgen;Groß;Bäckerei Müller;München;jm@example.de\r\n"),
        ("WINDOWS-1252", "María;Muñoz;Peñalara;Logroño;m@example.es\r\n"),
    ])
    func anExcelCSVIsReadInItsCharset(charset: String, body: String) throws {
        let read = try rows(encoded(Self.header + body, as: charset))
        let expected = body.split(separator: "\r\n").map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
        #expect(read.rows == expected)
        #expect(read.charset == charset)
        #expect(read.line == 2)
    }

    @Test func aUTF8FileNeedsNoGuessAndAStrayByteCostsOneCharacter() throws {
        let utf8 = try rows(Array((Self.header + "Иван;Петров;Газпром;Москва;ivan@example.ru\r\n").utf8))
        #expect(utf8.charset == nil && utf8.rows.first?.first == "Иван")
        let stray = try rows(Array((Self.header + "Zoë;Ångström;Café ").utf8) + [0x80] + Array(";Köln;z@example.de\r\n".utf8))
        #expect(stray.rows == [["Zoë", "Ångström", "Café €", "Köln", "z@example.de"]])
        #expect(stray.charset == "WINDOWS-1252")
    }

    @Test func utf16WithoutABOMIsRead() throws {
        let text = "First Name\tLast Name\tE-mail Address\r\nЗоя\tКосмодемьянская\tzoya@example.ru\r\n"
        for charset in ["UTF-16LE", "UTF-16BE"] {
            let read = try rows(encoded(text, as: charset))
            #expect(read.rows == [["Зоя", "Космодемьянская", "zoya@example.ru"]], "\(charset)")
        }
    }

    /// The first non-UTF-8 field decides for the whole file, from the lines after it too:
    /// a first row whose one accented letter reads the same in either does not make a Polish file Western.
    @Test func theGuessLooksAheadOfTheFirstField() throws {
        let body = "Ewa;Nowak;Bank;Kraków;e@example.pl\r\n" + (0..<50).map { "Paweł\($0);Łukasiewicz;Huta Łabędy;Gliwice;p\($0)@example.pl\r\n" }.joined()
        let read = try rows(encoded(Self.header + body, as: "WINDOWS-1250"))
        #expect(read.charset == "WINDOWS-1250")
        #expect(read.rows.first?[3] == "Kraków" && read.rows.last?[0] == "Paweł49" && read.rows.last?[2] == "Huta Łabędy")
        #expect(read.rows.count == 51)
    }
}
