import CoreFuzzCheck
import FacadeFuzzCheck
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replays every committed fuzz corpus file through the same checks the fuzzers run, so a
/// regression found once stays caught without running a fuzzer.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static let corpusRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static func files(_ harness: String) throws -> [URL] {
        let directory = corpusRoot.appendingPathComponent(harness)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    /// The bytes of a file, read with stdio (FoundationEssentials' `Data(contentsOf:)` leaks a
    /// 4 KiB buffer per call on Linux, which would make AddressSanitizer runs fail).
    static func bytes(_ file: URL) throws -> [UInt8] {
        guard let handle = fopen(file.path, "rb") else { throw CocoaError(.fileReadNoSuchFile) }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, handle)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        return bytes
    }

    @Test("every core corpus file passes the C core checks")
    func coreCorpus() throws {
        let files = try Self.files("core")
        #expect(files.count >= 10, "the seed corpus is committed")
        for file in files {
            let data = try Self.bytes(file)
            var message = [CChar](repeating: 0, count: 256)
            let code = data.withUnsafeBufferPointer { core_fuzz_check($0.baseAddress, $0.count, &message, message.count) }
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(code == 0, "\(file.lastPathComponent): \(text)")
        }
    }

    @Test("every facade corpus file passes the facade checks")
    func facadeCorpus() throws {
        let files = try Self.files("facade")
        #expect(files.count >= 10, "the seed corpus is committed")
        for file in files {
            let failure = FacadeFuzzCheck.run(try Self.bytes(file))
            #expect(failure == nil, "\(file.lastPathComponent): \(failure ?? "")")
        }
    }
}
