// Shaping one line: itemize into runs, shape each with HarfBuzz, lay them out in visual order.
//
// Itemizing: neutral characters (Common, Inherited) take the script before them, leading ones the line's first
// real script. A mark or joiner stays in the previous character's face when it has it (shaped with its base);
// any other character takes the best face, else the first fallback that has it, else the best face's
// missing-glyph box. A run is one face and one script. In a right-to-left line (its first run's direction) the
// runs go last to first: the bidirectional algorithm for lines of two embedding levels only, not UAX 9's full
// neutral and number rules. Positions are HarfBuzz's 26.6 pixels, each mask rounded to a whole pixel.

import CPixman
import CText

/// One run of a line being shaped: scalars `start ..< start + count` in one face and script.
struct ShapingRun {
    var start: Int
    var count: Int
    var face: FontFace
    var script: hb_script_t
}

extension FontState {
    /// True for scripts that say nothing of their own about direction or face: Common, Inherited, Unknown.
    private static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// `text` shaped at `pixelSize` with the faces of `chain`, its glyphs appended to `placements`; the scratch
    /// arrays are swapped out meanwhile so that they can be filled while the state is mutated.
    mutating func shape(
        _ text: String, pixelSize: Int, chain: FontChain, primary: FontFace,
        typeface: Typeface
    ) -> ShapedLine {
        var scalars: [UInt32] = []
        var runs: [ShapingRun] = []
        swap(&scalars, &scratchScalars)
        swap(&runs, &scratchRuns)
        defer {
            swap(&scalars, &scratchScalars)
            swap(&runs, &scratchRuns)
        }
        scalars.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars where !Font.isControl(scalar) { scalars.append(scalar.value) }
        itemize(scalars, into: &runs, chain: chain, primary: primary)

        var metrics = primary.lineMetrics(pixelSize: pixelSize)
        for run in runs where run.face !== primary {
            let face = run.face.lineMetrics(pixelSize: pixelSize)
            metrics = (max(metrics.ascent, face.ascent), max(metrics.descent, face.descent))
        }

        let firstStrong = runs.first { !Self.isNeutral($0.script) }
        let rightToLeftLine =
            firstStrong.map { hb_script_get_horizontal_direction($0.script) == HB_DIRECTION_RTL }
            ?? false
        let language = typeface.language.map { hb_language_from_string($0, -1) } ?? hb_language_get_default()

        let start = placements.count
        var ink = PixelBox.empty
        var pen = 0  // 26.6 pixels (Int: no overflow however long the line)
        for index in runs.indices {
            let run = runs[rightToLeftLine ? runs.count - 1 - index : index]
            guard let buffer, run.face.setPixelSize(pixelSize) else { continue }
            hb_buffer_clear_contents(buffer)
            // The whole line as context, so that joining (Arabic) and marks see their neighbours across runs.
            scalars.withUnsafeBufferPointer {
                hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32($0.count), UInt32(run.start), Int32(run.count))
            }
            let rightToLeft = hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, Self.isNeutral(run.script) ? HB_SCRIPT_COMMON : run.script)
            hb_buffer_set_language(buffer, language)
            hb_shape(run.face.font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else { continue }
            for i in 0..<Int(count) {
                let position = positions[i]
                if let glyph = glyph(infos[i].codepoint, of: run.face, pixelSize: pixelSize), let image = glyph.image {
                    let x = ((pen + Int(position.x_offset) + 32) >> 6) + glyph.left
                    let y = -(((Int(position.y_offset) + 32) >> 6) + glyph.top)
                    place(
                        GlyphPlacement(image: image, x: x, y: y, width: glyph.width, height: glyph.height),
                        glyph: glyph)
                    let box = PixelBox(x0: x, y0: y, x1: x + glyph.width, y1: y + glyph.height)
                    ink =
                        ink.isEmpty
                        ? box
                        : PixelBox(
                            x0: min(ink.x0, box.x0), y0: min(ink.y0, box.y0),
                            x1: max(ink.x1, box.x1), y1: max(ink.y1, box.y1))
                }
                pen += Int(position.x_advance)
            }
        }
        let batched = batch[start...].allSatisfy { $0.glyph != nil }
        return ShapedLine(
            start: start, count: placements.count - start, width: max((pen + 32) >> 6, 0),
            ascent: metrics.ascent, descent: metrics.descent, ink: ink, isBatched: batched)
    }

    /// Splits `scalars` into `runs` of one face and one script, in logical order.
    private mutating func itemize(
        _ scalars: [UInt32], into runs: inout [ShapingRun], chain: FontChain,
        primary: FontFace
    ) {
        runs.removeAll(keepingCapacity: true)
        guard let unicode = hb_unicode_funcs_get_default() else { return }
        var raw: [hb_script_t] = []
        swap(&raw, &scratchScripts)
        defer { swap(&raw, &scratchScripts) }
        raw.removeAll(keepingCapacity: true)
        for codepoint in scalars { raw.append(hb_unicode_script(unicode, codepoint)) }
        // Neutral characters take the script before them; leading ones the first real script of the line.
        var script = raw.first { !Self.isNeutral($0) } ?? HB_SCRIPT_COMMON
        var previous: FontFace?
        for (index, codepoint) in scalars.enumerated() {
            if !Self.isNeutral(raw[index]) { script = raw[index] }
            let face: FontFace
            if raw[index] == HB_SCRIPT_INHERITED, let previous, previous.covers(codepoint) {
                face = previous
            } else if primary.covers(codepoint) {
                face = primary
            } else if let fallback = self.face(in: chain, covering: codepoint) {
                face = fallback
            } else {
                // No face has it: a joiner or selector stays in its run; anything else draws the missing-glyph box.
                face = raw[index] == HB_SCRIPT_INHERITED ? previous ?? primary : primary
            }
            previous = face
            if let last = runs.last, last.face === face, last.script == script {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(ShapingRun(start: index, count: 1, face: face, script: script))
            }
        }
    }
}
