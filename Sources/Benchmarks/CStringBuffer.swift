extension String {
    /// The text of a C buffer filled up to a NUL (by `fgets`, `openpty`): its bytes before
    /// the first NUL, as UTF-8 (all of them when there is none).
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
