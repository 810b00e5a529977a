/// Reverses PNG scanline filters in place (PNG spec 9.2).
enum PNGUnfilter {
    /// Unfilters `rows` rows of `rowBytes` bytes, each preceded by its filter type byte,
    /// starting at `data`. `stride` is bytes per pixel (at least 1). `firstRow` numbers
    /// rows in error messages.
    static func unfilter(
        _ data: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, stride: Int, firstRow: Int
    ) throws(PNGError) {
        var previous: UnsafeMutablePointer<UInt8>? = nil
        for r in 0..<rows {
            let line = data + r * (rowBytes + 1)
            let type = Int(line[0])
            let row = line + 1
            switch type {
            case 0:
                break
            case 1:
                var i = stride
                while i < rowBytes {
                    row[i] &+= row[i - stride]
                    i += 1
                }
            case 2:
                if let up = previous {
                    for i in 0..<rowBytes { row[i] &+= up[i] }
                }
            case 3:
                if let up = previous {
                    for i in 0..<min(stride, rowBytes) { row[i] &+= up[i] >> 1 }
                    var i = stride
                    while i < rowBytes {
                        row[i] &+= UInt8((Int(row[i - stride]) + Int(up[i])) >> 1)
                        i += 1
                    }
                } else {
                    var i = stride
                    while i < rowBytes {
                        row[i] &+= row[i - stride] >> 1
                        i += 1
                    }
                }
            case 4:
                if let up = previous {
                    for i in 0..<min(stride, rowBytes) { row[i] &+= up[i] }  // Paeth(0, b, 0) = b
                    var i = stride
                    while i < rowBytes {
                        row[i] &+= PNGFilter.paeth(row[i - stride], up[i], up[i - stride])
                        i += 1
                    }
                } else {
                    // Paeth(a, 0, 0) = a: same as Sub.
                    var i = stride
                    while i < rowBytes {
                        row[i] &+= row[i - stride]
                        i += 1
                    }
                }
            default:
                throw .badFilterType(type: type, row: firstRow + r)
            }
            previous = row
        }
    }
}
