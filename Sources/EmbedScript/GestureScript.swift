// The gesture script format read by `embed-script`: one command per line, times in milliseconds since the script
// started (absolute, not relative), positions in points (window coordinates, y down). Blank lines and lines
// starting with `#` are ignored. Words are separated by spaces or tabs.
//
//   size W H                    window (and container) size; before the first event; default 400 600
//   content W H                 the container's contentSize; default 400 4400 (100 rows of 44 pt)
//   set NAME true|false         paging, lock (isDirectionalLockEnabled), bounces, delays (delaysContentTouches)
//   down ID X Y T               finger ID touches down at (X, Y)
//   move ID X Y T               finger ID moves to (X, Y)
//   up ID T                     finger ID lifts
//   cancel T                    the compositor cancels every touch
//   pointer X Y T               the pointer moves to (X, Y) (entering the window the first time); axis events
//                               go to the container under it (<doc:ScrollBehaviour> §7)
//   axis SOURCE DX DY T         a scroll step; SOURCE is wheel (DX, DY in 1/120 detents), finger or continuous
//                               (points); positive values scroll down/right
//   axis-stop T                 the touchpad fingers lifted (both axes)
//   wait T                      let time run until T (timers fire, frames run at 60 Hz)
//
// Each down, move, up is followed by a touch frame at the same time (one event per wl_touch.frame). A time earlier
// than the previous command's counts as the previous time (time never runs backwards, <doc:ScrollBehaviour> §10).

/// One command of a gesture script.
enum GestureCommand: Equatable {
    case size(width: Double, height: Double)
    case content(width: Double, height: Double)
    case set(GestureSetting, Bool)
    case down(id: Int, x: Double, y: Double, time: Double)
    case move(id: Int, x: Double, y: Double, time: Double)
    case up(id: Int, time: Double)
    case cancel(time: Double)
    case pointer(x: Double, y: Double, time: Double)
    case axis(source: AxisSourceName, dx: Double, dy: Double, time: Double)
    case axisStop(time: Double)
    case wait(time: Double)

    /// The command's time in milliseconds, for events and waits.
    var time: Double? {
        switch self {
        case .size, .content, .set: nil
        case .down(_, _, _, let t), .move(_, _, _, let t), .up(_, let t), .cancel(let t), .pointer(_, _, let t),
            .axis(_, _, _, let t),
            .axisStop(let t), .wait(let t):
            t
        }
    }
}

/// The container settings a script may change.
enum GestureSetting: String, CaseIterable {
    case paging, lock, bounces, delays
}

/// The axis sources a script names.
enum AxisSourceName: String, CaseIterable {
    case wheel, finger, continuous
}

/// A malformed script line: what is wrong and where.
struct GestureScriptError: Error, CustomStringConvertible {
    /// 1-based line number.
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
}

/// Parses a whole script. Throws the first malformed line.
func parseGestureScript(_ text: String) throws -> [GestureCommand] {
    var commands: [GestureCommand] = []
    var sawEvent = false
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let lineNumber = index + 1
        let words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let verb = words.first, !verb.hasPrefix("#") else { continue }
        let args = Array(words.dropFirst())
        func fail(_ message: String) -> GestureScriptError { GestureScriptError(line: lineNumber, message: message) }
        func expect(_ count: Int, _ usage: String) throws {
            guard args.count == count else { throw fail("'\(verb)' takes \(count) values: \(verb) \(usage)") }
        }
        func number(_ i: Int, _ what: String) throws -> Double {
            guard let value = Double(args[i]), value.isFinite else {
                throw fail("\(what) must be a finite number, not '\(args[i])'")
            }
            return value
        }
        func id(_ i: Int) throws -> Int {
            guard let value = Int(args[i]), value >= 0, value <= Int(Int32.max) else {
                throw fail("a touch id is a whole number from 0 to \(Int32.max), not '\(args[i])'")
            }
            return value
        }
        func time(_ i: Int) throws -> Double {
            let value = try number(i, "a time")
            guard value >= 0 else { throw fail("a time is milliseconds since the start, not \(value)") }
            return value
        }
        let command: GestureCommand
        switch verb {
        case "size", "content":
            try expect(2, "W H")
            let w = try number(0, "a width")
            let h = try number(1, "a height")
            guard w > 0, h > 0, w <= 16384, h <= 16384 else { throw fail("sizes go from 1 to 16384 points") }
            guard !sawEvent || verb == "content" else { throw fail("'size' comes before the first event") }
            command = verb == "size" ? .size(width: w, height: h) : .content(width: w, height: h)
        case "set":
            try expect(2, "NAME true|false")
            guard let setting = GestureSetting(rawValue: args[0]) else {
                throw fail(
                    "unknown setting '\(args[0])' (one of: \(GestureSetting.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            guard let value = Bool(args[1]) else { throw fail("'\(args[1])' is not true or false") }
            command = .set(setting, value)
        case "down", "move":
            try expect(4, "ID X Y T")
            let (i, x, y, t) = (try id(0), try number(1, "x"), try number(2, "y"), try time(3))
            command = verb == "down" ? .down(id: i, x: x, y: y, time: t) : .move(id: i, x: x, y: y, time: t)
        case "up":
            try expect(2, "ID T")
            command = .up(id: try id(0), time: try time(1))
        case "cancel":
            try expect(1, "T")
            command = .cancel(time: try time(0))
        case "pointer":
            try expect(3, "X Y T")
            command = .pointer(x: try number(0, "x"), y: try number(1, "y"), time: try time(2))
        case "axis":
            try expect(4, "SOURCE DX DY T")
            guard let source = AxisSourceName(rawValue: args[0]) else {
                throw fail("unknown axis source '\(args[0])' (wheel, finger or continuous)")
            }
            command = .axis(source: source, dx: try number(1, "dx"), dy: try number(2, "dy"), time: try time(3))
        case "axis-stop":
            try expect(1, "T")
            command = .axisStop(time: try time(0))
        case "wait":
            try expect(1, "T")
            command = .wait(time: try time(0))
        default:
            throw fail("unknown command '\(verb)'")
        }
        if command.time != nil { sawEvent = true }
        commands.append(command)
    }
    return commands
}
