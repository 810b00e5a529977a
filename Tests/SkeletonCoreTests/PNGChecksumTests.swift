import Testing
@testable import SkeletonCore

@Suite struct PNGChecksumTests {
    @Test func crc32KnownVectors() {
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        // The CRC of an IEND chunk, as every PNG ends with it.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func crc32IncrementalEqualsOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var crc = CRC32()
        crc.update(Array(bytes[0..<333]))
        crc.update(Array(bytes[333...]))
        #expect(crc.value == CRC32.checksum(bytes))
    }

    @Test func adler32KnownVectors() {
        #expect(Adler32.checksum([]) == 1)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum(Array("abc".utf8)) == 0x024D_0127)
        // 100 000 bytes of 0xFF crosses many 5552-byte reduction boundaries.
        // a = 1 + 100000*255 mod 65521, b = sum of the running a values mod 65521.
        let bytes = [UInt8](repeating: 0xFF, count: 100_000)
        var a = 1, b = 0
        for _ in 0..<100_000 { a = (a + 255) % 65521; b = (b + a) % 65521 }
        #expect(Adler32.checksum(bytes) == UInt32(b << 16 | a))
    }
}
