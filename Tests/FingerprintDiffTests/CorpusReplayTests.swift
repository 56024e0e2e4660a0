import CoreFuzzCheck
import FacadeFuzzCheck
import Foundation
import Testing

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

    @Test("every core corpus file passes the C core checks")
    func coreCorpus() throws {
        let files = try Self.files("core")
        #expect(files.count >= 10, "the seed corpus is committed")
        for file in files {
            let data = [UInt8](try Data(contentsOf: file))
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
            let failure = FacadeFuzzCheck.run([UInt8](try Data(contentsOf: file)))
            #expect(failure == nil, "\(file.lastPathComponent): \(failure ?? "")")
        }
    }
}
