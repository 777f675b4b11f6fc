/// The simulation moving one axis of a scroll container, or none: a closed enum, stored inline (no existential,
/// no allocation). `t` is seconds since the motion started.
enum AxisMotion: Sendable {
    /// The axis does not move.
    case none
    /// Exponential deceleration that bounces at (or stops at) the range's edges.
    case bounce(BounceSimulation)
    /// Exponential deceleration through a chosen target.
    case deceleration(DecelerationSimulation)
    /// Critically damped spring (spring back, page snap).
    case spring(SpringSimulation)
    /// Ease-out curve (animated `setContentOffset`).
    case ease(EaseOutAnimation)
    /// A spring of any damping (`setContentOffset(_:animation: .spring(...))`), started with the current velocity.
    case dampedSpring(DampedSpringSimulation)
    /// A wheel or key step (0.1 s), which the next step extends.
    case step(ScrollStepAnimation)
    /// A wheel or key step to a page boundary: the page snap spring.
    case pageStep(SpringSimulation)

    /// The position at `t` seconds, or nil when the axis does not move.
    func position(at t: Double) -> Double? {
        switch self {
        case .none: return nil
        case .bounce(let s): return s.position(at: t)
        case .deceleration(let s): return s.position(at: t)
        case .spring(let s): return s.position(at: t)
        case .ease(let s): return s.position(at: t)
        case .dampedSpring(let s): return s.position(at: t)
        case .step(let s): return s.position(at: t)
        case .pageStep(let s): return s.position(at: t)
        }
    }

    /// The velocity at `t` seconds, pt/s (0 when the axis does not move).
    func velocity(at t: Double) -> Double {
        switch self {
        case .none: return 0
        case .bounce(let s): return s.velocity(at: t)
        case .deceleration(let s): return s.velocity(at: t)
        case .spring(let s): return s.velocity(at: t)
        case .ease(let s): return s.velocity(at: t)
        case .dampedSpring(let s): return s.velocity(at: t)
        case .step(let s): return s.velocity(at: t)
        case .pageStep(let s): return s.velocity(at: t)
        }
    }

    /// Whether the motion has ended at `t` seconds.
    func isDone(at t: Double) -> Bool {
        switch self {
        case .none: return true
        case .bounce(let s): return s.isDone(at: t)
        case .deceleration(let s): return s.isDone(at: t)
        case .spring(let s): return s.isDone(at: t)
        case .ease(let s): return s.isDone(at: t)
        case .dampedSpring(let s): return s.isDone(at: t)
        case .step(let s): return s.isDone(at: t)
        case .pageStep(let s): return s.isDone(at: t)
        }
    }

    /// Where the motion ends, or nil when the axis does not move.
    var finalPosition: Double? {
        switch self {
        case .none: return nil
        case .bounce(let s): return s.finalPosition
        case .deceleration(let s): return s.finalPosition
        case .spring(let s): return s.finalPosition
        case .ease(let s): return s.finalPosition
        case .dampedSpring(let s): return s.finalPosition
        case .step(let s): return s.finalPosition
        case .pageStep(let s): return s.finalPosition
        }
    }

    /// A motion that is over at once, resting at `to`: under reduced motion an animation takes one frame.
    static func jump(to position: Double) -> AxisMotion {
        .ease(EaseOutAnimation(from: position, to: position, duration: 0))
    }

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// Whether this is a wheel or key step, which later steps extend and a pointer press completes at once.
    var isStep: Bool {
        switch self {
        case .step, .pageStep: return true
        case .none, .bounce, .deceleration, .spring, .ease, .dampedSpring: return false
        }
    }
}
