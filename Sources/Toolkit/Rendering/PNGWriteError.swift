/// Why `PNGEncoder.write(_:to:)` failed.
public struct PNGWriteError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    public let path: String
    /// The C `errno` at the failure (0 when unknown).
    public let code: Int32

    /// An error for `path` with `errno` value `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// A one-line message naming the file and the errno.
    public var description: String { "cannot write PNG file \(path) (errno \(code))" }
}
