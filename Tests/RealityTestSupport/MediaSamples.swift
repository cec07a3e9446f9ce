import Foundation

/// Small files of each format the server recognises, for sniffing and transfer tests.
public enum MediaSamples {
    /// A complete 1×1 PNG (transparent).
    public static let png = Data(
        hex: """
            89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478\
            9c6360000002000001e221bc330000000049454e44ae426082
            """)

    /// The leading bytes of a file of `format`, as its writer would start it (enough to sniff).
    public static func header(_ format: String) -> Data {
        switch format {
        case "jpeg": Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data(count: 32)
        case "png": png
        case "gif": Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0, 0, 0]) + Data(count: 16)
        case "webp": Data("RIFF".utf8) + Data([0x24, 0, 0, 0]) + Data("WEBPVP8 ".utf8) + Data(count: 24)
        case "heic": box("heic")
        case "m4a": box("M4A ")
        case "mp4": box("isom")
        case "mov": box("qt  ")
        case "aac": Data([0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC]) + Data(count: 32)
        case "mp3": Data([0xFF, 0xFB, 0x90, 0x64]) + Data(count: 412)
        case "mp3id3": Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(count: 32)
        case "wav": Data("RIFF".utf8) + Data([0x24, 0, 0, 0]) + Data("WAVEfmt ".utf8) + Data(count: 24)
        case "ogg": Data("OggS".utf8) + Data([0, 2]) + Data(count: 32)
        case "glb": Data("glTF".utf8) + Data([2, 0, 0, 0, 0x40, 0, 0, 0]) + Data(count: 16)
        case "gltf": Data(#"  {"asset": {"version": "2.0", "generator": "test"}, "scenes": []}"#.utf8)
        case "usdz": zip(firstEntry: "scene.usdc")
        default: Data(format.utf8)
        }
    }

    /// An ISO base media file's `ftyp` box with `brand`.
    private static func box(_ brand: String) -> Data {
        Data([0, 0, 0, 0x18]) + Data("ftyp".utf8) + Data(brand.utf8) + Data([0, 0, 2, 0]) + Data("isommp41".utf8)
            + Data(count: 32)
    }

    /// A zip's first local file header naming `name`.
    private static func zip(firstEntry name: String) -> Data {
        var header = Data([0x50, 0x4B, 0x03, 0x04]) + Data(count: 22)
        header += Data([UInt8(name.utf8.count), 0, 0, 0])
        return header + Data(name.utf8) + Data(count: 64)
    }
}

extension Data {
    /// Bytes from hex digits (white space ignored).
    init(hex: String) {
        let digits = Array(hex.filter(\.isHexDigit).utf8)
        self.init(
            stride(from: 0, to: digits.count - 1, by: 2).map {
                UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)!
            })
    }
}
