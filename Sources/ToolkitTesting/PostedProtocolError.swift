/// A protocol error the test compositor posted to a client (which libwayland then disconnects).
///
/// The compositor checks the rules a real one enforces (an `ack_configure` with a serial it never sent, a
/// buffer committed before the first configure was acknowledged, ...) and records each error here before
/// posting it, so a test can assert on the exact violation.
public struct PostedProtocolError: Sendable, Hashable, CustomStringConvertible {
    /// The interface of the object the error was posted on, e.g. `"xdg_surface"`.
    public var interface: String
    /// The client's id of that object.
    public var objectID: UInt32
    /// The error code of that interface's `error` enum, e.g. 4 for `xdg_surface.error.invalid_serial`.
    public var code: UInt32
    /// The human-readable message sent along.
    public var message: String

    /// A record of an error posted on `interface`@`objectID` with `code` and `message`.
    public init(interface: String, objectID: UInt32, code: UInt32, message: String) {
        self.interface = interface
        self.objectID = objectID
        self.code = code
        self.message = message
    }

    /// `interface@id error code: message`, as libwayland prints it.
    public var description: String { "\(interface)@\(objectID) error \(code): \(message)" }
}
