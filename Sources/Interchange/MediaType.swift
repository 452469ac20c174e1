/// The media type of a photo, logo, sound or key, told from its bytes.
enum MediaType {
    /// The type the first bytes of base64 `data` show (JPEG, PNG, GIF, WebP, BMP, TIFF, HEIC,
    /// PDF), or nil for bytes it does not know.
    static func sniff(base64 data: String) -> String? {
        guard let bytes = Base64.decode(Array(data.utf8.prefix(64))) else { return nil }
        return sniff(bytes)
    }

    static func sniff(_ b: [UInt8]) -> String? {
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if b.starts(with: Array("BM".utf8)), b.count >= 14 { return "image/bmp" }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if b.count >= 12, Array(b[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["heic", "heix", "mif1", "msf1"].contains(brand) { return "image/heic" }
            if brand == "avif" { return "image/avif" }
        }
        if b.starts(with: Array("%PDF".utf8)) { return "application/pdf" }
        return nil
    }

    static let imageSubtypes: Set<String> = ["jpeg", "jpg", "png", "gif", "bmp", "tiff", "webp", "heic", "avif"]

    /// The type a TYPE parameter names (`JPEG`, `image/png`), when it names one; else the
    /// property's generic binary type.
    static func named(_ declared: String?, property: String) -> String {
        if let declared {
            if declared.contains("/") { return declared }
            if imageSubtypes.contains(declared), property == "PHOTO" || property == "LOGO" { return "image/" + (declared == "jpg" ? "jpeg" : declared) }
        }
        return "application/octet-stream"
    }
}
