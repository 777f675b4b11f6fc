// The spec's formulas the acceptance tests check against, written as an outsider would, from
// <doc:ScrollBehaviour> (their scenes, recorders and gesture scripts are the shared harness in
// Support/ScrollTestSupport.swift).

import Testing
import ToolkitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds in a Duration.
func accSeconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

/// The spec's rubber band b(x) = (1 - 1/(x*0.55/d + 1)) * d.
func accRubberBand(_ x: Double, _ d: Double) -> Double {
    (1 - 1 / (x * 0.55 / d + 1)) * d
}

/// The spec's total travel of a fling: -v0 / (1000 ln r).
func accTravel(_ v0: Double, rate: Double) -> Double {
    -v0 / (1000 * log(rate))
}
