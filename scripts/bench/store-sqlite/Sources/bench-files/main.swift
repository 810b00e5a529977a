import Foundation
import StoreModel

// Today's store, timed: `bench-files --cache DIR --work DIR [--rounds N]`.
do {
    let options = try Options(CommandLine.arguments)
    try runStoreBench({ FileStore(directory: $0) }, options: options)
    let parts = FileStore(directory: options.work)
    try parts.timeWriteParts(try corpusState(options.cache), rounds: options.rounds)
    try runBlobBench({ EntryFiles(directory: $0) }, options: options)
} catch {
    FileHandle.standardError.write(Data("bench-files: \(error)\n".utf8))
    exit(2)
}
