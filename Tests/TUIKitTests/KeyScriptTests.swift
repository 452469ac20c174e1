import Testing
@testable import TUIKit

@Suite("KEYS script syntax")
struct KeyScriptTests {
    @Test func namedKeysAndCharacters() throws {
        let steps = try KeyScript.parse("Enter Esc Tab S-Tab Backspace Delete Up Down Left Right Home End PgUp PgDn F1 F12 C-a C-z Space q ?")
        let keys: [Key] = [.enter, .escape, .tab, .backTab, .backspace, .delete, .up, .down, .left, .right,
                           .home, .end, .pageUp, .pageDown, .function(1), .function(12), .ctrl("a"), .ctrl("z"),
                           .character(" "), .character("q"), .character("?")]
        #expect(steps == keys.map { .input(.key($0)) })
    }

    @Test func quotedStringsAreTypedCharacterByCharacter() throws {
        let steps = try KeyScript.parse(#""Ada 世界" 'say "hi"'"#)
        let typed = steps.compactMap { step -> Character? in
            if case .input(.key(.character(let c))) = step { return c } else { return nil }
        }
        #expect(String(typed) == #"Ada 世界say "hi""#)
    }

    /// An accent or a joiner typed as a key of its own, as a terminal sends
    /// it after its letter: the quote before it still opens a string.
    @Test func aQuotedCombiningMarkIsOneKey() throws {
        let steps = try KeyScript.parse("\"e\" \"\u{301}\" \"\u{200D}\"")
        #expect(steps == [.input(.key(.character("e"))), .input(.key(.character("\u{301}"))), .input(.key(.character("\u{200D}")))])
    }

    @Test func waitsResizesAndClicks() throws {
        #expect(try KeyScript.parse("wait:500ms wait:2s wait:0.25s") == [.wait(milliseconds: 500), .wait(milliseconds: 2000), .wait(milliseconds: 250)])
        #expect(try KeyScript.parse("resize:40x10") == [.input(.resize(Size(width: 40, height: 10)))])
        #expect(try KeyScript.parse("click:10,3") == [.input(.mouse(MouseEvent(location: Point(x: 10, y: 3))))])
        #expect(try KeyScript.parse("signal:TERM signal:INT signal:HUP signal:TSTP")
                == [.signal(.terminate), .signal(.interrupt), .signal(.hangUp), .signal(.suspend)])
    }

    @Test func commentsAndLines() throws {
        let script = """
        # log in
        "ada" Tab   # the user name
        Enter
        """
        #expect(try KeyScript.parse(script).count == 5)
    }

    @Test(arguments: [
        ("Foo", KeyScriptError.unknownKey("Foo")),
        ("C-1", .unknownKey("C-1")),
        ("F13", .unknownKey("F13")),
        ("\"open", .unterminatedString("\"open Enter")),
        ("\"\"", .emptyString),
        ("wait:5", .badWait("wait:5")),
        ("wait:-1ms", .badWait("wait:-1ms")),
        ("wait:xs", .badWait("wait:xs")),
        ("resize:40", .badResize("resize:40")),
        ("resize:0x10", .badResize("resize:0x10")),
        ("resize:axb", .badResize("resize:axb")),
        ("click:1", .badClick("click:1")),
        ("click:-1,2", .badClick("click:-1,2")),
        ("click:a,b", .badClick("click:a,b")),
        ("signal:KILL", .badSignal("signal:KILL")),
    ])
    func malformedTokensAreNamed(input: String, expected: KeyScriptError) {
        #expect(throws: expected) { try KeyScript.parse("Enter \(input) Enter") }
        let message = expected.description
        #expect(!message.isEmpty)
    }

    @Test func errorMessagesNameTheToken() {
        #expect(KeyScriptError.unknownKey("Foo").description.contains("'Foo'"))
        #expect(KeyScriptError.badResize("resize:4").description.contains("resize:COLSxROWS"))
    }
}
