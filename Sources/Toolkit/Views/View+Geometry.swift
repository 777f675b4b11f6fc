extension View {
    /// The scale at which the view and its subviews are shown in the superview, around the frame's origin: a
    /// point `p` of the view's own coordinates appears at `frame.origin + (p - bounds.origin) * scale` of the
    /// superview's. Drawing, hit testing, `convert(_:to:)` and `Touch.location(in:)` all follow it, and the view is
    /// drawn at the scaled pixel size (crisp, not stretched). A `ScrollContainer` sets it on the view its delegate
    /// returns from `viewForZooming(in:)` (its `zoomScale`); 1 otherwise.
    public var scaleInSuperview: Double { storedScale }

    /// Shows the view at `scale` in its superview (see `scaleInSuperview`); ignored unless positive and finite.
    func setScaleInSuperview(_ scale: Double) {
        guard scale.isFinite, scale > 0, scale != storedScale else { return }
        damageInWindow()
        storedScale = scale
        extentDidChange()
        damageInWindow()
    }

    /// Whether this view or one of its ancestors is shown at a scale other than 1.
    var isInsideScaledView: Bool { scaleInWindow != 1 }

    /// Maps a point of this view's own coordinates to its superview's.
    func pointInSuperview(_ point: Point) -> Point {
        storedScale == 1 ? point - boundsOrigin + storedFrame.origin
            : (point - boundsOrigin) * storedScale + storedFrame.origin
    }

    /// Maps a point of the superview's coordinates to this view's own.
    func pointFromSuperview(_ point: Point) -> Point {
        storedScale == 1 ? point - storedFrame.origin + boundsOrigin
            : (point - storedFrame.origin) * (1 / storedScale) + boundsOrigin
    }

    /// Maps a rectangle of the superview's coordinates to this view's own.
    func rectFromSuperview(_ rect: Rect) -> Rect {
        rectFromSuperview(rect, drawnAt: boundsOrigin)
    }

    /// Maps a rectangle of the superview's coordinates to this view's own as drawn with its bounds origin at
    /// `origin` (`drawingOrigin(on:)`).
    func rectFromSuperview(_ rect: Rect, drawnAt origin: Point) -> Rect {
        if storedScale == 1 { return rect.offsetBy(origin - storedFrame.origin) }
        let p = (rect.origin - storedFrame.origin) * (1 / storedScale) + origin
        return Rect(origin: p, size: rect.size * (1 / storedScale))
    }

    /// Maps a rectangle of this view's own coordinates to its superview's.
    func rectInSuperview(_ rect: Rect) -> Rect {
        storedScale == 1 ? rect.offsetBy(storedFrame.origin - boundsOrigin)
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

    /// Converts a rectangle from this view's coordinates to `view`'s (nil: window coordinates). Scales on the
    /// way (`scaleInSuperview`) scale the size.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let origin = convert(rect.origin, to: view)
        let factor = scaleInWindow / (view?.scaleInWindow ?? 1)
        return Rect(origin: origin, size: factor == 1 ? rect.size : rect.size * factor)
    }

    /// The product of the scales of this view and its ancestors: how large one of its points is in the window.
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
        // Walk up without allocating, composing the maps to the window as p -> p * scale + offset, then invert.
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
