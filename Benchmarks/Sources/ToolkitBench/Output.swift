import Glibc

/// Writes a line to standard error (traces and diagnostics, kept out of the figures on standard output).
func printError(_ line: String) {
    var text = line
    text += "\n"
    text.withUTF8 { buffer in
        _ = write(2, buffer.baseAddress, buffer.count)
    }
}

/// Fixed-point formatting without Foundation: `value` with `decimals` digits after the point.
func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

/// Pads `text` on the left (numbers) or right (labels) to `width` characters.
func pad(_ text: String, _ width: Int, left: Bool = true) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return left ? fill + text : text + fill
}
