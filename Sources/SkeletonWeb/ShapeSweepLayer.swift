import SkeletonCore

/// The highlight layer of one shape under `scope=shape` (site/reference/animation.md,
/// "Per-shape sweeps"): the shape's own sweep axis over its own box, as the painter's
/// Timeline measures it.
///
/// The layer is B = band·Lₛ wide for a shimmer (Lₛ wide for a gradient), placed by the
/// `translate` and `rotate` properties at p = pmin − B (pmin for a gradient),
/// q = qmin − 1 of the shape, its x axis along the sweep. A shimmer moves it with
/// `transform: translateX(…%)`, which CSS applies inside the rotation and measures in
/// the layer's own width, so (Lₛ + B) / B = (1 + band) / band of it is the same
/// percentage for every shape: one @keyframes rule serves them all.
///
/// A radial band's layer is the disc's B × B square instead, unturned (a disc needs no
/// turn, and WebKit rasterises a turned, masked layer's edges a little off), placed so
/// its middle is where the painter's spot starts: on the axis through the shape's
/// middle, B/2 before pmin. It moves by `translate(…%, …%)` of its own sides, both B, so
/// one rule serves every shape again.
enum ShapeSweepLayer {
    static func declarations(_ motion: Animation, frame: Rect, delay: Double) -> [String] {
        let axis = SweepAxis(angleDegrees: motion.angle, width: frame.width, height: frame.height)
        let length = axis.length
        let width = motion.kind == .shimmer ? motion.band * length : length
        if AnimationTiming.isRadial(motion) {
            let corner = axis.discStart(diameter: width)
            var out = ["width:" + CSSNumber.px(width), "height:" + CSSNumber.px(width),
                       "translate:" + CSSNumber.px(corner.x) + " " + CSSNumber.px(corner.y)]
            if delay != 0 { out.append("animation-delay:" + CSSNumber.seconds(delay)) }
            return out
        }
        let start = motion.kind == .shimmer ? axis.pMin - width : axis.pMin
        let origin = axis.point(p: start, q: axis.qMin - 1)
        var out = ["width:" + CSSNumber.px(width), "height:" + CSSNumber.px(axis.qMax - axis.qMin + 2),
                   "translate:" + CSSNumber.px(origin.x) + " " + CSSNumber.px(origin.y)]
        // The layer's x axis turned onto u = (sin θ, −cos θ): a turn of θ − 90°.
        let turn = motion.angle - 90
        let whole = turn - 360 * (turn / 360).rounded(.down)
        if whole != 0 { out.append("rotate:" + CSSNumber.format(turn, places: 6) + "deg") }
        if motion.kind == .shimmer && delay != 0 {
            out.append("animation-delay:" + CSSNumber.seconds(delay))
        }
        return out
    }

    /// The keyframe declaration at sweep progress e: e·(1 + band)/band of the layer's
    /// width along its own x axis.
    static func travel(_ motion: Animation) -> (Double) -> String {
        let percent = (1 + motion.band) / motion.band * 100
        if AnimationTiming.isRadial(motion) {
            let axis = SweepAxis(angleDegrees: motion.angle, width: 1, height: 1)
            return { progress in
                "transform:translate(" + CSSNumber.format(progress * percent * axis.ux, places: 4) + "%,"
                    + CSSNumber.format(progress * percent * axis.uy, places: 4) + "%)"
            }
        }
        return { progress in
            "transform:translateX(" + CSSNumber.format(progress * percent, places: 4) + "%)"
        }
    }
}
