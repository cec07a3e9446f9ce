/// Stops the fuzz run, printing `message`, when `condition` does not hold: libFuzzer reports the
/// trap as a crash and saves the input that caused it.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz check failed: \(message())") }
}

/// The input libFuzzer hands a target, as a buffer (libFuzzer may pass a null pointer when the
/// input is empty).
public func fuzzInput(_ start: UnsafeRawPointer?, _ count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count)
}
