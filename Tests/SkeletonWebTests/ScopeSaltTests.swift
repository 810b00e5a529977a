import Foundation
import SkeletonCore
import Testing
@testable import SkeletonWeb

/// `EmitOptions.salt`: how a page separates two different components whose scope
/// hashes collide.
@Suite struct ScopeSaltTests {
    @Test func saltZeroIsThePlainScope() {
        let (spec, layout) = Fixture.oneRect()
        let plain = ComponentEmitter.emit(spec, layout: layout)
        let zero = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(salt: 0))
        #expect(zero == plain)
        #expect(ScopeHash.scope(for: spec, options: EmitOptions()) == plain.scope)
    }

    @Test func saltGivesDistinctDeterministicScopesAndChangesNothingElse() {
        let (spec, layout) = Fixture.oneRect()
        let plain = ComponentEmitter.emit(spec, layout: layout)
        var scopes: Set<String> = [plain.scope]
        for salt in 1...50 {
            let salted = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(salt: salt))
            #expect(salted == ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(salt: salt)))
            #expect(scopes.insert(salted.scope).inserted, "salt \(salt)")
            #expect(salted.scope.hasPrefix("sk-") && salted.scope.utf8.count == 11)
            #expect(salted.css == plain.css.replacingOccurrences(of: plain.scope, with: salted.scope))
            #expect(salted.html == plain.html.replacingOccurrences(of: plain.scope, with: salted.scope))
        }
    }

    @Test func saltIsSeparateFromFreezing() {
        let (spec, layout) = Fixture.oneRect()
        let frozen = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(frozenAt: 0.5))
        let both = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(frozenAt: 0.5, salt: 1))
        #expect(both.scope != frozen.scope)
        #expect(both.css == frozen.css.replacingOccurrences(of: frozen.scope, with: both.scope))
    }
}
