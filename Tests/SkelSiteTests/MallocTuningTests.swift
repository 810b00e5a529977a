import Testing
@testable import SkelSite

/// The heap settings a build runs with (`MallocTuning`).
@Suite struct MallocTuningTests {
    @Test func glibcAcceptsBothThresholds() {
        #expect(MallocTuning.apply())
        // Applying again changes nothing and still reports them set.
        #expect(MallocTuning.apply())
        #expect(MallocTuning.mmapThreshold == 32 << 20 && MallocTuning.trimThreshold == 128 << 20)
    }
}
