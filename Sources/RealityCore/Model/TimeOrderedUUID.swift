import Foundation

extension UUID {
    /// A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random bits.
    ///
    /// New records get these IDs so that IDs made later sort later: indexes on an ID then grow at
    /// their end instead of at random pages, which keeps inserts cheap on SQLite and PostgreSQL.
    public static func timeOrdered(
        milliseconds: Int64 = Timestamp.milliseconds(Date()),
        using generator: inout some RandomNumberGenerator
    ) -> UUID {
        let time = UInt64(clamping: max(milliseconds, 0)) & 0xFFFF_FFFF_FFFF
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes: [UInt8] = (0..<6).map { UInt8(truncatingIfNeeded: time >> (40 - 8 * UInt64($0))) }
        bytes += (0..<2).map { UInt8(truncatingIfNeeded: high >> (8 * UInt64($0))) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (8 * UInt64($0))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// A version 7 UUID for now, from the system's random source.
    public static func timeOrdered() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return timeOrdered(using: &generator)
    }
}
