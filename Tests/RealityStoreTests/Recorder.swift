import Foundation

/// Collects what an `AsyncStream` yields, so that a test can wait for it with a deadline instead
/// of hanging when nothing comes.
actor Recorder<Element: Sendable> {
    private(set) var items: [Element] = []
    private var task: Task<Void, Never>?

    /// Starts recording `stream`.
    static func start(_ stream: AsyncStream<Element>) async -> Recorder {
        let recorder = Recorder()
        await recorder.listen(to: stream)
        return recorder
    }

    private func listen(to stream: AsyncStream<Element>) {
        task = Task { [weak self] in
            for await item in stream {
                await self?.append(item)
            }
        }
    }

    private func append(_ item: Element) { items.append(item) }

    /// The items once there are at least `count`, or what there is when `timeout` has passed.
    /// The timeout is long because it costs nothing when the items come (the wait ends at once)
    /// and a short one fails the test on a machine slowed down by ThreadSanitizer or load.
    func items(atLeast count: Int, timeout: Duration = .seconds(60)) async -> [Element] {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while items.count < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return items
    }

    /// The items after waiting `quiet` for more to arrive.
    func items(after quiet: Duration) async -> [Element] {
        try? await Task.sleep(for: quiet)
        return items
    }

    /// Stops recording (ends the stream's consumer).
    func stop() {
        task?.cancel()
        task = nil
    }
}
