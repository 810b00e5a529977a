import Testing
@testable import SkeletonCore

@Suite struct PaintMathTests {
    @Test func sinCosExactOnAxes() {
        #expect(DeterministicMath.sin(degrees: 90) == 1 && DeterministicMath.cos(degrees: 90) == 0)
        #expect(DeterministicMath.sin(degrees: 180) == 0 && DeterministicMath.cos(degrees: 180) == -1)
        #expect(DeterministicMath.sin(degrees: 270) == -1 && DeterministicMath.cos(degrees: 270) == 0)
        #expect(DeterministicMath.sin(degrees: 0) == 0 && DeterministicMath.cos(degrees: 0) == 1)
        #expect(DeterministicMath.sin(degrees: -90) == -1 && DeterministicMath.sin(degrees: 450) == 1)
    }

    @Test func sinCosAgreeWithKnownValues() {
        #expect(abs(DeterministicMath.sin(degrees: 30) - 0.5) < 1e-15)
        #expect(abs(DeterministicMath.cos(degrees: 60) - 0.5) < 1e-15)
        #expect(abs(DeterministicMath.sin(degrees: 135) - 0.7071067811865476) < 1e-15)
        #expect(abs(DeterministicMath.cos(degrees: 315) - 0.7071067811865476) < 1e-15)
        for d in stride(from: -720.0, through: 720, by: 7.5) {
            let s = DeterministicMath.sin(degrees: d)
            let c = DeterministicMath.cos(degrees: d)
            #expect(abs(s * s + c * c - 1) < 1e-15)
        }
    }

    @Test func atanAndAsin() {
        #expect(abs(DeterministicMath.atan(1) - DeterministicMath.pi / 4) < 1e-15)
        #expect(abs(DeterministicMath.atan(-1e9) + DeterministicMath.pi / 2 - 1e-9) < 1e-15)
        #expect(abs(DeterministicMath.atan(0.5773502691896257) - DeterministicMath.pi / 6) < 1e-15)
        #expect(abs(DeterministicMath.asin(0.5) - DeterministicMath.pi / 6) < 1e-15)
        #expect(DeterministicMath.asin(1) == DeterministicMath.pi / 2)
        #expect(abs(DeterministicMath.asin(-0.7071067811865476) + DeterministicMath.pi / 4) < 1e-15)
    }

    @Test func easingCurves() {
        #expect(abs(EasingCurve.value(.easeInOut, at: 0.5) - 0.5) < 1e-12)
        #expect(EasingCurve.value(.easeInOut, at: 1) == 1)
        #expect(EasingCurve.value(.linear, at: 0.3) == 0.3)
        // ease-in starts slow, ease-out starts fast.
        #expect(EasingCurve.value(.easeIn, at: 0.25) < 0.25)
        #expect(EasingCurve.value(.easeOut, at: 0.25) > 0.25)
    }

    @Test func compositorRounding() {
        // (200·128 + 100·127 + 127) / 255 = 150.2 -> 150
        #expect(Compositor.over(RGBA(200, 0, 0), alpha: 128, RGBA(100, 0, 0)) == RGBA(150, 0, 0, 255))
        #expect(Compositor.over(RGBA(10, 20, 30), alpha: 0, RGBA(1, 2, 3, 4)) == RGBA(1, 2, 3, 4))
        // 50% over 50%: A = 128·255 + 128·127 = 48896, alpha (48896 + 127) / 255 = 192.
        #expect(Compositor.over(RGBA(255, 0, 0), alpha: 128, RGBA(0, 0, 255, 128)).a == 192)
    }
}
