/// The time a test compositor's `wl_callback.done` carries (`TestCompositor.frameCallbackTimes`).
///
/// A real compositor stamps frame callbacks with its clock, but clients must not rely on it: some send the same
/// time again, jump ahead or even go back. The modes other than `compositorClock` reproduce those, so that a
/// test can check that a client's motions do not stall, skip or speed up with them.
public enum FrameCallbackTimes: Sendable, Equatable {
    /// The compositor clock in milliseconds (the default).
    case compositorClock
    /// Always `milliseconds`: the callback time never advances.
    case frozen(milliseconds: UInt32)
    /// Each done carries the previous one's time plus `milliseconds` (the first: the compositor clock), far
    /// more than the real time between frames when `milliseconds` is large.
    case jumping(milliseconds: UInt32)
    /// Each done carries the previous one's time minus `milliseconds` (the first: the compositor clock).
    case backwards(milliseconds: UInt32)
}
