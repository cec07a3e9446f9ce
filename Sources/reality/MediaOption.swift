import Foundation
import RealityCore
import RealitySync

/// `--media` as a person gives it: a file on this device (a path, `~/…`, or a `file:` URL), or the
/// URL of media elsewhere.
enum MediaOption {
    /// The file `value` names, read (hashed and sniffed), or nil when it is a URL of another
    /// scheme; throws when it names a file that cannot be read.
    static func localFile(_ value: String) throws -> MediaFile? {
        var path = value
        if let url = URL(string: value), let scheme = url.scheme, scheme.count > 1 {
            guard scheme == "file" else { return nil }
            path = url.path
        }
        do {
            return try MediaFile.inspect(path: path)
        } catch let error as MediaFileError {
            throw CLIError.invalid("--media: \(error)")
        }
    }

    /// The annotation type for `file`: `declared` when given (and the bytes are of its kind, or of
    /// no kind the platform knows), else the type of the bytes' kind.
    static func type(of file: MediaFile, declared: AnnotationType?) throws -> AnnotationType {
        let kind = file.format?.kind
        if let declared {
            guard let expected = declared.mediaKind else {
                throw CLIError.invalid("--type \(declared.rawValue) holds no media; use --text, or a media type")
            }
            if let kind, kind != expected {
                throw CLIError.invalid(
                    "--media is \(kind.rawValue) (\(file.contentType)), but a \(declared.rawValue) needs \(expected.rawValue)"
                )
            }
            return declared
        }
        guard let kind, let type = AnnotationType.allCases.first(where: { $0.mediaKind == kind }) else {
            throw CLIError.invalid("--media: cannot tell what \(file.path) is; say --type")
        }
        return type
    }
}
