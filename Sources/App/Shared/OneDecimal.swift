/// A number with one decimal, as `printf("%.1f")` writes it ("1.5", "0.8", "12.0"), without Foundation.
enum OneDecimal {
    static func text(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded(.toNearestOrEven))
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }
}
