import HummingbirdBcrypt
import RealityCore

/// bcrypt on a Dispatch thread: a hash takes a quarter of a second at cost 12, which must not
/// hold up the event loops (where the server's tasks run, `ServerThreads`).
struct PasswordHasher: Sendable {
    let cost: UInt8

    func hash(_ password: String) async -> String {
        let cost = self.cost
        return await onDispatchThread { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async -> Bool {
        await onDispatchThread { Bcrypt.verify(password, hash: hash) }
    }
}
