import Foundation

/// Where the toolkit reports a mistake of the app's that it recovers from (a batch update whose counts disagree
/// with the data source, an impossible batch): one line on standard error, starting with "Toolkit:", then the
/// documented recovery (a reload), never a crash. Tests replace `report` to read the messages.
@MainActor
enum Misuse {
    /// Writes one message (no trailing newline needed).
    static var report: (String) -> Void = { message in
        FileHandle.standardError.write(Data("Toolkit: \(message)\n".utf8))
    }
}
