extension View {
    /// The scale at which the view is shown in its superview, around the frame's origin: `p` appears at
    /// `frame.origin + (p - bounds.origin) * scale`. Set by a `ScrollContainer` on its zoomed view; 1 otherwise.
    public var scaleInSuperview: Double { storedScale }

    /// Shows the view at `scale` in its superview; ignored unless positive and finite.
    func setScaleInSuperview(_ scale: Double) {
        guard scale.isFinite, scale > 0, scale != storedScale else { return }
        damageInWindow()
        storedScale = scale
        extentDidChange()
        damageInWindow()
    }

    var isInsideScaledView: Bool { scaleInWindow != 1 }

    func pointInSuperview(_ point: Point) -> Point {
        storedScale == 1
            ? point - boundsOrigin + storedFrame.origin
            : (point - boundsOrigin) * storedScale + storedFrame.origin
    }

    func pointFromSuperview(_ point: Point) -> Point {
        storedScale == 1
            ? point - storedFrame.origin + boundsOrigin
            : (point - storedFrame.origin) * (1 / storedScale) + boundsOrigin
    }

    func rectFromSuperview(_ rect: Rect) -> Rect {
        rectFromSuperview(rect, drawnAt: boundsOrigin)
    }

    /// Maps a rectangle of the superview's coordinates to this view's, with the bounds origin drawn at `origin`.
    func rectFromSuperview(_ rect: Rect, drawnAt origin: Point) -> Rect {
        if storedScale == 1 { return rect.offsetBy(origin - storedFrame.origin) }
        let p = (rect.origin - storedFrame.origin) * (1 / storedScale) + origin
        return Rect(origin: p, size: rect.size * (1 / storedScale))
    }

    func rectInSuperview(_ rect: Rect) -> Rect {
        storedScale == 1
            ? rect.offsetBy(storedFrame.origin - boundsOrigin)
            : Rect(origin: pointInSuperview(rect.origin), size: rect.size * storedScale)
    }

    /// Converts a point from this view's coordinates to `view`'s (nil: window coordinates).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = convertToWindow(point)
        guard let view else { return inWindow }
        return view.convertFromWindow(inWindow)
    }

    /// Converts a point from `view`'s coordinates (nil: window coordinates) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view?.convertToWindow(point) ?? point
        return convertFromWindow(inWindow)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (nil: window coordinates), scales included.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let origin = convert(rect.origin, to: view)
        let factor = scaleInWindow / (view?.scaleInWindow ?? 1)
        return Rect(origin: origin, size: factor == 1 ? rect.size : rect.size * factor)
    }

    /// How large one of this view's points is in the window: the product of the scales up the tree.
    var scaleInWindow: Double {
        var product = 1.0
        var current: View? = self
        while let view = current {
            product *= view.storedScale
            current = view.superview
        }
        return product
    }

    private func convertToWindow(_ point: Point) -> Point {
        var p = point
        var current: View? = self
        while let v = current {
            p = v.pointInSuperview(p)
            current = v.superview
        }
        return p
    }

    private func convertFromWindow(_ point: Point) -> Point {
        // Composes the maps up to the window as p -> p * scale + offset without allocating, then inverts.
        var scale = 1.0
        var offset = Point.zero
        var current: View? = self
        while let v = current {
            if v.storedScale == 1 {
                offset = offset - v.boundsOrigin + v.storedFrame.origin
            } else {
                offset = (offset - v.boundsOrigin) * v.storedScale + v.storedFrame.origin
                scale *= v.storedScale
            }
            current = v.superview
        }
        return scale == 1 ? point - offset : (point - offset) * (1 / scale)
    }
}

extension Touch {
    /// The touch's location in `view`'s coordinates, in points.
    @MainActor
    public func location(in view: View) -> Point {
        view.convert(location, from: nil)
    }
}
