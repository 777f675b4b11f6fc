/// Cursors drawn by the toolkit itself, for when the cursor theme has no image for a shape (no theme installed
/// and libwayland-cursor's compiled-in set lacks the name, or the theme cannot be loaded at all).
///
/// Kept because a theme can be missing on a user's machine: the project's own scripts install Debian's
/// `adwaita-icon-theme` (and GTK 4 depends on it), so there the theme is found and this art is never shown
/// (`HiDPIWindowTests.theInstalledThemeIsFoundForEveryShape`); but an app built on the toolkit runs wherever its
/// user runs it: a minimal system or container with no icon theme at all, an `XCURSOR_PATH` that leaves the
/// themes out, or a theme without some shape. libwayland-cursor's compiled-in images are then 16 pixels or less
/// and named for a few X11 shapes only, too small at any scale; without this art the pointer would vanish.
///
/// Each shape is a small pixel-art mask, one cell per point: `#` black, `-` white (the outline that keeps a
/// black cursor visible on dark content), `.` transparent. It is drawn through `Canvas` with one `fill` per run
/// of equal cells, at `scale` pixels per point, so it stays crisp (blocky, never blurred) on dense outputs.
/// Shapes without their own art borrow the closest one: grab and grabbing the hand, not-allowed the arrow.
enum FallbackCursorArtwork {
    /// The image side, in points: cursor themes' nominal size 24.
    static let side = 24

    /// A mask and its hotspot (the cell the pointer position is at), in points from the top-left corner.
    struct Art {
        let rows: [String]
        let hotspotX: Int
        let hotspotY: Int
    }

    static let arrow = Art(
        rows: [
            "#...........",
            "##..........",
            "#-#.........",
            "#--#........",
            "#---#.......",
            "#----#......",
            "#-----#.....",
            "#------#....",
            "#-------#...",
            "#--------#..",
            "#---------#.",
            "#------#####",
            "#---#--#....",
            "#--##--#....",
            "#-#..#--#...",
            "##...#--#...",
            "#.....#--#..",
            "......#--#..",
            ".......##..."
        ], hotspotX: 0, hotspotY: 0)

    static let hand = Art(
        rows: [
            ".....##..........",
            "....#--#.........",
            "....#--#.........",
            "....#--#.........",
            "....#--#.........",
            "....#--###.......",
            "....#--#--###....",
            "....#--#--#--##..",
            "....#--#--#--#-#.",
            ".##.#--#--#--#--#",
            "#--##-----------#",
            "#---#-----------#",
            ".#--#-----------#",
            "..#-------------#",
            "..#------------#.",
            "...#-----------#.",
            "...#----------#..",
            "....#---------#..",
            "....#---------#..",
            ".....#-------#...",
            ".....#-------#...",
            ".....#########..."
        ], hotspotX: 6, hotspotY: 0)

    static let text = Art(
        rows: [
            "-------",
            "-##-##-",
            "---#---",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "..-#-..",
            "---#---",
            "-##-##-",
            "-------"
        ], hotspotX: 3, hotspotY: 8)

    /// A 15 x 15 cross: black center lines, white on both sides of each.
    static let crosshair: Art = {
        let n = 15
        let c = n / 2
        var rows: [String] = []
        for y in 0..<n {
            var row = ""
            for x in 0..<n {
                if x == c || y == c {
                    row += "#"
                } else if abs(x - c) == 1 || abs(y - c) == 1 {
                    row += "-"
                } else {
                    row += "."
                }
            }
            rows.append(row)
        }
        return Art(rows: rows, hotspotX: c, hotspotY: c)
    }()

    /// The art drawn for `cursor`.
    static func art(for cursor: Cursor) -> Art {
        switch cursor {
        case .arrow, .notAllowed: return arrow
        case .hand, .grab, .grabbing: return hand
        case .text: return text
        case .crosshair: return crosshair
        }
    }

    /// Draws `art` at the canvas origin (the canvas is `side` points square and starts transparent).
    static func draw(_ art: Art, in canvas: Canvas) {
        for (y, row) in art.rows.enumerated() {
            var runStart = 0
            var runCell: Character = "."
            var x = 0
            // One fill per run of equal cells; the sentinel "." after the row closes the last run.
            for cell in row + "." {
                if cell != runCell {
                    if runCell != "." {
                        canvas.fill(
                            Rect(x: Double(runStart), y: Double(y), width: Double(x - runStart), height: 1),
                            color: runCell == "#" ? .black : .white)
                    }
                    runStart = x
                    runCell = cell
                }
                x += 1
            }
        }
    }
}
