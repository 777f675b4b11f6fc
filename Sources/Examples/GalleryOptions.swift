/// The gallery's command line (see <doc:Testing>, "The gallery's command line").
struct GalleryOptions {
    /// Start on this demo (windowed); with `--headless`, play only this one when given explicitly.
    var demo: String = "list"
    /// Whether `--demo` was given.
    var demoGiven = false
    /// Exit 0 after this many presented frames.
    var frames: Int?
    /// A primary-button drag scrolls like a finger.
    var pointerDrag = false
    /// Play the scripted gestures in a HeadlessWindow and write screenshots instead of opening a window.
    var headless = false
    /// Where `--headless` writes `ID.png`.
    var outputDirectory = "gallery-out"
    /// With `--headless`: pictures are written at this fraction of the window's size (0 < scale <= 1).
    var pictureScale = 1.0
    /// Print the demo ids and exit.
    var list = false
    /// Print start-up, memory and frame latency figures on stderr (`stats: ...`).
    var stats = false
    var help = false

    enum ParseError: Error, CustomStringConvertible {
        case missingValue(String)
        case badValue(String, String)
        case unknown(String)
        var description: String {
            switch self {
            case .missingValue(let option): return "\(option) needs a value"
            case .badValue(let option, let value): return "\(option): '\(value)' is not valid"
            case .unknown(let option): return "unknown option \(option) (try --help)"
            }
        }
    }

    static let usage = """
        usage: gallery [--demo ID] [--frames N] [--pointer-drag] [--stats]
               gallery --headless [--out DIR] [--demo ID] [--picture-scale F]
               gallery --list
          --demo ID       start on that demo (gallery --list shows the ids)
          --frames N      exit 0 after N frames were presented
          --pointer-drag  a primary-button drag scrolls like a finger
          --headless      no compositor: play each demo's gestures (or just --demo's) and write DIR/ID.png,
                          and DIR/ID-strip.png (frames of the motion) for the demos that move
                          (default DIR: gallery-out)
          --out DIR       where --headless writes its screenshots
          --picture-scale F  --headless pictures at F times the window size (0 < F <= 1, default 1)
          --stats         print the time to the first committed frame, the memory in use and the frame
                          latency (input to commit, commit to present, late input events) on stderr
          --list          print the demo ids, one per line
        In the window: keys 1-9 and 0 switch demos, Escape quits; each demo's settings are under it.
        With no compositor reachable, the gallery says so and runs --headless.
        """

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let v = rest.popFirst() else { throw ParseError.missingValue(option) }
            return v
        }
        while let arg = rest.popFirst() {
            switch arg {
            case "--demo":
                demo = try value(arg)
                demoGiven = true
            case "--frames":
                let v = try value(arg)
                guard let n = Int(v), n > 0 else { throw ParseError.badValue(arg, v) }
                frames = n
            case "--pointer-drag": pointerDrag = true
            case "--headless": headless = true
            case "--out": outputDirectory = try value(arg)
            case "--picture-scale":
                let v = try value(arg)
                guard let f = Double(v), f > 0, f <= 1 else { throw ParseError.badValue(arg, v) }
                pictureScale = f
            case "--list": list = true
            case "--stats": stats = true
            case "--help", "-h": help = true
            default: throw ParseError.unknown(arg)
            }
        }
    }
}
