import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityCore

/// `reality-bench personalize`: Out of Box's personalization engine (issue 22) in a simulated
/// population, against random assignment and a most-popular policy in the same run. Each policy
/// gives every person one eligible challenge a day (never one given in the last 60 days, in season)
/// from the shipped catalog; people answer by their hidden values (``SimulatedPerson``), which no
/// policy reads. Reported: completion rates and their ratios, the engine's AUC on held-out days (a
/// random eligible challenge per person and day, predicted before its outcome is drawn, and never
/// learned), the days it takes to reach 90% of its final rate, and send-time optimization's
/// open-within-an-hour rate against a random hour in the window.
struct PersonalizeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "personalize", abstract: "Out of Box's personalization engine in a simulated population.")
    @Option(help: "People.") var people: Int = 2_000
    @Option(help: "Days.") var days: Int = 90
    @Option(help: "Last days whose random-challenge predictions make the held-out AUC.") var heldOutDays: Int = 15
    @Option(help: "Seed of the population and of every draw.") var seed: UInt64 = 1
    @Flag(help: "Print one JSON object.") var json = false

    /// The hours in which nudges may go out (a person's default window, 09:00–21:00).
    static let window = Array(9..<21)

    func validate() throws {
        guard people >= 10, days >= 30, (1..<days).contains(heldOutDays) else {
            throw ValidationError("--people at least 10, --days at least 30, --held-out-days from 1 to --days - 1")
        }
    }

    func run() throws {
        let start = LocalDay(year: 2026, month: 3, day: 1)!.start(in: .gmt)
        let catalog = try ShippedCatalog.file().validatedChallenges(at: start)
        var random = SplitMix64(seed: seed)
        let population = (0..<people).map { _ in SimulatedPerson(using: &random) }
        let clock = ContinuousClock.now
        var engine = EnginePolicy(people: people, catalog: catalog, start: start)
        let engineRun = simulate(&engine, population, catalog, start: start)
        var randomPolicy = RandomPolicy()
        let randomRun = simulate(&randomPolicy, population, catalog, start: start)
        var popular = MostPopularPolicy(catalogSize: catalog.count)
        let popularRun = simulate(&popular, population, catalog, start: start)
        var oracle = OraclePolicy(population: population, catalog: catalog)
        let oracleRun = simulate(&oracle, population, catalog, start: start)
        let elapsed = ContinuousClock.now - clock
        let replay = replayCost(catalog, start: start)
        report(
            engine: engineRun, random: randomRun, popular: popularRun, oracle: oracleRun,
            seconds: elapsed.milliseconds / 1000, replayMicroseconds: replay)
    }

    private struct Run {
        var completedPerDay: [Int]
        var heldOut: [(Double, Bool)] = []
        /// The same held-out outcomes against their hidden probabilities: the AUC a perfect model
        /// would have.
        var heldOutTruth: [(Double, Bool)] = []
        /// The policy's predictions of the challenges it gave on the held-out days, made before
        /// their outcome, with the outcome.
        var givenPredictions: [(Double, Bool)] = []
        var opened = 0
        var nudges = 0
        let people: Int

        /// The share of assignments completed.
        var rate: Double { Double(completedPerDay.reduce(0, +)) / Double(completedPerDay.count * people) }
        /// The share of nudges acted on within the hour.
        var openRate: Double { Double(opened) / Double(max(nudges, 1)) }

        /// The completion rate of the last 14 days.
        var finalRate: Double {
            Double(completedPerDay.suffix(14).reduce(0, +)) / Double(min(14, completedPerDay.count) * people)
        }

        /// The first day (1-based) whose trailing 7-day completion rate reaches 90% of the rate of
        /// the last 14 days.
        var daysToNinetyPercent: Int? {
            let daily = completedPerDay.map { Double($0) / Double(people) }
            let final = daily.suffix(14).reduce(0, +) / Double(min(14, daily.count))
            return daily.indices.first { day in
                let window = daily[max(0, day - 6)...day]
                return window.reduce(0, +) / Double(window.count) >= 0.9 * final
            }.map { $0 + 1 }
        }
    }

    private func simulate(
        _ policy: inout some ChallengePolicy, _ population: [SimulatedPerson], _ catalog: [Challenge], start: Date
    ) -> Run {
        var random = SplitMix64(seed: seed &+ 1)
        var evaluation = SplitMix64(seed: seed &+ 2)
        var lastGiven = Array(repeating: [Int: Int](), count: population.count)
        var run = Run(completedPerDay: Array(repeating: 0, count: days), people: population.count)
        for day in 0..<days {
            let season = Seasonality.of(
                LocalDay(start.addingTimeInterval(Double(day) * 86_400), in: .gmt), in: .northern)
            let inSeason = catalog.indices.filter {
                catalog[$0].isActive && (catalog[$0].seasonality == nil || catalog[$0].seasonality == season)
            }
            for (index, person) in population.enumerated() {
                let candidates = inSeason.filter {
                    lastGiven[index][$0].map { day - $0 >= DailyPick.repeatWindow } ?? true
                }
                let choice = policy.choose(for: index, among: candidates, day: day, using: &random)
                lastGiven[index][choice] = day
                if day >= days - heldOutDays,
                    let predicted = policy.probability(person: index, challenge: candidates[0])
                {
                    let probe = candidates.randomElement(using: &evaluation)!
                    let truth = person.completionProbability(catalog[probe])
                    let outcome = evaluation.chance(truth)
                    run.heldOut.append((policy.probability(person: index, challenge: probe) ?? predicted, outcome))
                    run.heldOutTruth.append((truth, outcome))
                }
                let hour = policy.nudgeHour(for: index, among: Self.window, using: &random)
                let acted = person.actsOnNotification(at: hour, using: &evaluation)
                if acted { run.opened += 1 }
                run.nudges += 1
                policy.observeNudge(person: index, day: day, hour: hour, acted: acted)
                let outcome = person.respond(to: catalog[choice], using: &random)
                var completed = false
                if case .completed = outcome { completed = true }
                if completed { run.completedPerDay[day] += 1 }
                if day >= days - heldOutDays, let predicted = policy.probability(person: index, challenge: choice) {
                    run.givenPredictions.append((predicted, completed))
                }
                policy.observe(person: index, challenge: choice, outcome: outcome, day: day)
            }
        }
        return run
    }
}

extension PersonalizeBenchmark {
    private func report(
        engine: Run, random: Run, popular: Run, oracle: Run, seconds: Double, replayMicroseconds: Double
    ) {
        let auc = areaUnderCurve(engine.heldOut)
        let figures: [(String, Any)] = [
            ("people", people), ("days", days), ("seed", seed),
            ("completion_engine", engine.rate), ("completion_random", random.rate),
            ("completion_most_popular", popular.rate), ("completion_ceiling", oracle.rate),
            ("ratio_to_random", engine.rate / random.rate), ("ratio_to_most_popular", engine.rate / popular.rate),
            ("held_out_auc", auc ?? .nan),
            ("held_out_auc_of_hidden_truth", areaUnderCurve(engine.heldOutTruth) ?? .nan),
            ("given_auc", areaUnderCurve(engine.givenPredictions) ?? .nan),
            ("held_out_predictions", engine.heldOut.count),
            ("days_to_90_percent", engine.daysToNinetyPercent ?? -1),
            ("open_within_hour_engine", engine.openRate), ("open_within_hour_random", random.openRate),
            ("open_ratio", engine.openRate / random.openRate), ("seconds", seconds),
            ("model_from_a_year_us", replayMicroseconds),
        ]
        if json {
            let body = figures.map { key, value in
                "\"\(key)\": \(value is Double ? format(value as! Double) : "\(value)")"
            }
            print("{" + body.joined(separator: ", ") + "}")
            return
        }
        print("personalize: \(people) people, \(days) days, seed \(seed) (\(String(format: "%.1f", seconds)) s)")
        print(
            String(
                format: "  completion rate  engine %.3f  random %.3f  most-popular %.3f", engine.rate, random.rate,
                popular.rate))
        print(String(format: "  ceiling (reads the hidden values) %.3f", oracle.rate))
        print(
            String(
                format: "  last 14 days     engine %.3f  random %.3f  most-popular %.3f", engine.finalRate,
                random.finalRate, popular.finalRate))
        print(
            String(
                format: "  engine / random %.2fx (goal 1.5)   engine / most-popular %.2fx (goal 1.2)",
                engine.rate / random.rate, engine.rate / popular.rate))
        print(
            String(
                format:
                    "  held-out AUC %.3f over %d predictions (goal 0.75); the hidden probabilities themselves score %.3f",
                auc ?? .nan, engine.heldOut.count, areaUnderCurve(engine.heldOutTruth) ?? .nan))
        print(
            String(
                format:
                    "  AUC of the engine's predictions of the challenges it gave on those days, before their outcome: %.3f",
                areaUnderCurve(engine.givenPredictions) ?? .nan))
        print("  days to 90% of the final rate: \(engine.daysToNinetyPercent.map(String.init) ?? "never")")
        print(
            String(
                format: "  acted on within the hour  engine's hour %.3f  random hour %.3f  ratio %.2fx (goal 1.3)",
                engine.openRate, random.openRate, engine.openRate / random.openRate))
        print(
            String(
                format: "  a person's model from a year of history (learned per request on the server): %.0f µs",
                replayMicroseconds))
    }

    /// The median time, in microseconds, to learn a person's model from a year of daily history,
    /// as the server does on each request that needs it.
    private func replayCost(_ catalog: [Challenge], start: Date) -> Double {
        var random = SplitMix64(seed: seed)
        let features = Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, ChallengeFeatures($0)) })
        let year: [ChallengeInteraction] = (0..<365).flatMap { day -> [ChallengeInteraction] in
            let id = catalog.randomElement(using: &random)!.id
            let at = start.addingTimeInterval(Double(day) * 86_400)
            return random.chance(0.5)
                ? [.completion(challengeID: id, at: at), .rating(challengeID: id, rating: 4)]
                : [.skip(challengeID: id, reason: SkipReason.allCases.randomElement(using: &random), at: at)]
        }
        var samples: [Double] = []
        for _ in 0..<200 {
            let clock = ContinuousClock.now
            let model = PersonModel(learning: year, catalog: features, zone: .gmt)
            samples.append((ContinuousClock.now - clock).milliseconds * 1000)
            precondition(model.metrics.totalTrainingData > 0)
        }
        return samples.sorted()[samples.count / 2]
    }

    private func format(_ value: Double) -> String {
        value.isFinite ? String(format: "%.4f", value) : "null"
    }
}
