import Testing
@testable import SkelSite
import SkelsiteStore

/// SHA-256 hashes whole blocks where they lie and pads only the tail: the published
/// vectors for long messages, and tail lengths on both sides of the boundary where the
/// padding takes a second block (digests from Python's hashlib).
@Suite struct SHA256BlockTests {
    @Test func longMessages() {
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let twoBlocks = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hex(Array(twoBlocks.utf8)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func tailsAroundThePaddingBoundary() {
        // Known digests of "a" repeated 55, 56, 63, 64 and 65 times.
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, digest) in expected {
            #expect(SHA256.hex([UInt8](repeating: 0x61, count: count)) == digest, "\(count) bytes")
        }
    }

    /// The Swift rounds, which a processor without SHA instructions uses, whatever this one has.
    @Test func swiftRoundsGiveThePublishedVectors() {
        let abc = Array("abc".utf8).withUnsafeBytes { SHA256.software($0) }
        #expect(abc == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let million = [UInt8](repeating: 0x61, count: 1_000_000).withUnsafeBytes { SHA256.software($0) }
        #expect(million == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The SHA instructions (Sources/CSHA256) and the Swift rounds give the same digest
    /// for every length from 0 to 300 bytes (every tail, one to five blocks) and for long
    /// messages. Runs where the processor has the instructions.
    @Test(.enabled(if: SHA256.hardware)) func instructionsAndSwiftAgree() {
        var seed: UInt64 = 0x5EED
        let bytes = (0..<70_000).map { _ -> UInt8 in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        #expect(Array("abc".utf8).withUnsafeBytes { SHA256.withInstructions($0) }
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        bytes.withUnsafeBytes { all in
            for count in Array(0...300) + [4096, 65_537, 70_000] {
                let message = UnsafeRawBufferPointer(rebasing: all[..<count])
                #expect(SHA256.withInstructions(message) == SHA256.software(message), "\(count) bytes")
            }
        }
    }
}
