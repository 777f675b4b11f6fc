/// Which page a paging scroll container shows: zero-based, counted from the start of the scroll range.
public struct PageIndex: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal page number (0 = the leftmost page).
    public var column: Int
    /// Vertical page number (0 = the topmost page).
    public var row: Int

    /// A page position.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// The first page.
    public static let zero = PageIndex(column: 0, row: 0)

    /// "(column c, row r)".
    public var description: String { "(column \(column), row \(row))" }
}
