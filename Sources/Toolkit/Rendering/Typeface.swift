/// Which faces text is drawn in: a family, a weight and a language, as fontconfig matches them (the language steers
/// the choice where scripts share characters, as Han forms).
public struct Typeface: Hashable, Sendable {
    /// A family name or a generic one ("sans-serif", "serif", "monospace"). Default "sans-serif".
    public var family: String
    /// How heavy the strokes are. Default `.regular`.
    public var weight: Weight
    /// The text's language as a BCP 47 tag ("ja", "zh-tw"). Default nil: the process locale's.
    public var language: String?

    /// A typeface of `family` at `weight` for text in `language`.
    public init(family: String = "sans-serif", weight: Weight = .regular, language: String? = nil) {
        self.family = family
        self.weight = weight
        self.language = language
    }

    /// The typeface text uses when none is given: sans-serif, regular, the locale's language.
    public static let standard = Typeface()

    /// A stroke weight on the OpenType / CSS scale: 100 (thin) ... 900 (black), 400 regular, 700 bold.
    public struct Weight: Hashable, Sendable, Comparable {
        /// The OpenType weight class, clamped into 1...1000.
        public let value: Int

        /// The weight `value` on the OpenType scale, clamped into 1...1000.
        public init(_ value: Int) {
            self.value = min(max(value, 1), 1000)
        }

        /// 300.
        public static let light = Weight(300)
        /// 400.
        public static let regular = Weight(400)
        /// 500.
        public static let medium = Weight(500)
        /// 600.
        public static let semibold = Weight(600)
        /// 700.
        public static let bold = Weight(700)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
    }
}
