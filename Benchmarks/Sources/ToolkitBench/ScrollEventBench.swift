/// The scroll container cases of `toolkit-bench events` (a list being dragged, a fling), added once
/// `ScrollContainer` is in the Toolkit; until then there are none.
@MainActor
enum ScrollEventBench {
    static func run(_ options: Options) -> [Measurement] {
        []
    }
}
