import Testing
@testable import SkelSite

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
}
