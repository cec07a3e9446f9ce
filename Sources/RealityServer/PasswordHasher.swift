import HummingbirdBcrypt

/// bcrypt off the request's executor: a hash takes a quarter of a second at cost 12, which must
/// not hold up the event loops.
struct PasswordHasher: Sendable {
    let cost: UInt8

    func hash(_ password: String) async -> String {
        let cost = self.cost
        return await Task.detached { Bcrypt.hash(password, cost: cost) }.value
    }

    func verify(_ password: String, hash: String) async -> Bool {
        await Task.detached { Bcrypt.verify(password, hash: hash) }.value
    }
}
