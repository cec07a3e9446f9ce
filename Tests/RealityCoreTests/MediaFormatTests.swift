import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The server's reading of what a file is (issue 19).
@Suite struct MediaFormatTests {
    @Test(arguments: [
        ("jpeg", MediaFormat.jpeg), ("png", .png), ("gif", .gif), ("webp", .webp), ("heic", .heic),
        ("m4a", .m4a), ("aac", .aac), ("mp3", .mp3), ("mp3id3", .mp3), ("wav", .wav), ("ogg", .ogg),
        ("mp4", .mp4), ("mov", .mov), ("glb", .glb), ("gltf", .gltf), ("usdz", .usdz),
    ])
    func sniff_readsEachFormatFromItsLeadingBytes(_ sample: String, _ format: MediaFormat) {
        #expect(MediaFormat.sniff(MediaSamples.header(sample)) == format)
    }

    /// Bytes that look like a format's start but are not one, or like nothing at all.
    static let notMedia: [Data] = {
        var samples: [Data] = [Data(), Data("hello, world".utf8), Data([0xFF]), Data([0x89, 0x50, 0x4E])]
        samples.append(Data("RIFF".utf8))
        samples.append(Data("RIFF\0\0\0\0AVI ".utf8))
        samples.append(Data([0, 0, 0, 0x18]) + Data("ftyp".utf8))
        samples.append(Data(#"{"a": 1}"#.utf8))
        let zipHeader = Data([0x50, 0x4B, 0x03, 0x04]) + Data(count: 22) + Data([8, 0, 0, 0])
        samples.append(zipHeader + Data("doc.docx".utf8))
        samples.append(Data(repeating: 0xFF, count: 64))
        return samples
    }()

    @Test func sniff_answersNilForBytesOfNoKnownFormat_andForTruncatedSignatures() {
        for bytes in Self.notMedia {
            #expect(MediaFormat.sniff(bytes) == nil, "\(Array(bytes.prefix(16)))")
        }
    }

    @Test func eachFormat_hasAKind_andAMIMETypeOfThatKind() {
        for format in MediaFormat.allCases {
            let top = format.mimeType.split(separator: "/").first.map(String.init)
            let expected = format.kind == .model ? "model" : format.kind.rawValue
            #expect(top == expected, "\(format)")
        }
    }
}
