// embed-script: drives a ScrollContainer through ToolkitCore's WindowCore from a gesture script, with no window
// and no display, and prints `offset X Y` for every change of contentOffset seen through a key-path observer.
//
//   embed-script [FILE]        reads FILE, or standard input when FILE is missing or "-"
//
// The script format is described in GestureScript.swift (and in the DocC article "Embedding ScrollContainer").
// Exit status: 0 after the script ran and the container came to rest; 2 with a message on stderr for a bad
// command line, an unreadable file or a malformed line.
import ToolkitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@MainActor
func embedScriptMain() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
        print("usage: embed-script [FILE]   (FILE or stdin: a gesture script; prints `offset X Y` per change)")
        return 0
    }
    guard arguments.count <= 1 else {
        printError("embed-script: one script file at most (got \(arguments.count) arguments)")
        return 2
    }
    let text: String
    if let path = arguments.first, path != "-" {
        guard let contents = readWholeFile(path) else {
            printError("embed-script: cannot read \(path): \(String(cString: strerror(errno)))")
            return 2
        }
        text = contents
    } else {
        var lines: [String] = []
        while let line = readLine(strippingNewline: false) { lines.append(line) }
        text = lines.joined()
    }
    let commands: [GestureCommand]
    do {
        commands = try parseGestureScript(text)
    } catch {
        printError("embed-script: \(error)")
        return 2
    }
    var size = Size(width: 400, height: 600)
    var content = Size(width: 400, height: 4400)
    // Sizes given before the first event shape the window from the start.
    for command in commands {
        if command.time != nil { break }
        if case .size(let w, let h) = command { size = Size(width: w, height: h) }
        if case .content(let w, let h) = command { content = Size(width: w, height: h) }
    }
    let host = ScriptHost(size: size, contentSize: content) { offset in
        print("offset \(formatted(offset.x)) \(formatted(offset.y))")
    }
    for command in commands { host.run(command) }
    host.settle()
    return 0
}

/// A number with at most two decimals and no trailing zeros ("12", "12.5", "-3.25"); -0 prints as 0.
func formatted(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    if hundredths == 0 { return "0" }
    let negative = hundredths < 0
    let magnitude = Int64(abs(hundredths))
    var text = String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
        text += "." + (fraction < 10 ? "0" : "") + String(fraction)
        if text.hasSuffix("0") { text.removeLast() }
    }
    return (negative ? "-" : "") + text
}

/// Writes one line to stderr.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
}

/// The whole file at `path` as UTF-8 text, or nil (errno set) when it cannot be read.
func readWholeFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
        if count < chunk.count {
            if ferror(file) != 0 { return nil }
            break
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

exit(MainActor.assumeIsolated { embedScriptMain() })
