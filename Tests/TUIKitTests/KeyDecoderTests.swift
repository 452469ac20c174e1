import Testing
@testable import TUIKit

/// How the codes curses reads become keys, without a terminal.
@Suite struct KeyDecoderTests {
    @Test func controlCodesAreTheKeysTheirNamesSay() {
        #expect(KeyDecoder.key(forCharacterCode: 9) == .tab)
        #expect(KeyDecoder.key(forCharacterCode: 13) == .enter)
        #expect(KeyDecoder.key(forCharacterCode: 10) == .enter)
        #expect(KeyDecoder.key(forCharacterCode: 27) == .escape)
        #expect(KeyDecoder.key(forCharacterCode: 127) == .backspace)
        #expect(KeyDecoder.key(forCharacterCode: 8) == .backspace)
        #expect(KeyDecoder.key(forCharacterCode: 1) == .ctrl("a"))
        #expect(KeyDecoder.key(forCharacterCode: 14) == .ctrl("n"))
        #expect(KeyDecoder.key(forCharacterCode: 29) == .ctrl("]"))
    }

    @Test func otherControlCodesAreNoKey() {
        for code: UInt32 in [0, 28, 30, 31] { #expect(KeyDecoder.key(forCharacterCode: code) == nil, "\(code)") }
    }

    @Test func charactersComeThroughWhole() {
        #expect(KeyDecoder.key(forCharacterCode: 0x61) == .character("a"))
        #expect(KeyDecoder.key(forCharacterCode: 0xE9) == .character("é"))
        #expect(KeyDecoder.key(forCharacterCode: 0x674E) == .character("李"))
        #expect(KeyDecoder.key(forCharacterCode: 0x1F600) == .character("😀"))
        #expect(KeyDecoder.key(forCharacterCode: 0xD800) == nil) // a lone surrogate is no character
        #expect(KeyDecoder.key(forCharacterCode: 0x110000) == nil)
    }

    @Test func keypadCodesAreLookedUpInTheTerminalsTable() {
        let decoder = KeyDecoder(keypad: [259: .up, 338: .pageDown])
        #expect(decoder.key(forKeypadCode: 259) == .up)
        #expect(decoder.key(forKeypadCode: 338) == .pageDown)
        #expect(decoder.key(forKeypadCode: 1) == nil)
    }
}
