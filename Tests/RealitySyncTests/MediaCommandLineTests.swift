import AsyncHTTPClient
import Foundation
import RealityAPI
import RealityCore
import RealityProcess
import RealityStore
import RealityTestSupport
import Testing

@testable import RealitySync

extension DeviceCommandLineTests {
    /// Media end to end as a person uses it (issue 19), `reality` and the server as processes: a
    /// photo made from a file goes up with the first sync and comes down on the second device; a
    /// file gone before the upload is a rejection, not a stuck outbox; large media stay on the
    /// server until asked for; an asset in use cannot be deleted.
    @Suite struct MediaCommandLineTests {
        /// Runs `command` with a terminal for its standard streams (util-linux's `script`, part of
        /// every Debian system); answers what the terminal showed.
        static func onTerminal(_ command: [String]) async throws -> String {
            let line = command.map { "'\($0)'" }.joined(separator: " ")
            let process = try ChildProcess("/usr/bin/script", ["-q", "-e", "-c", line, "/dev/null"], input: .null)
            guard let output = process.standardOutput else { throw SyncTestFailure("script's output is not piped") }
            let shown = try await blocking { output.readDataToEndOfFile() }
            #expect(try await process.exit() == 0)
            return String(decoding: shown, as: UTF8.self)
        }

        @Test(arguments: Backend.allCases)
        func photoFromAFile_travelsToTheSecondDevice_andMissingFilesAreRejected(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let directory = harness.directory
                let phone = CommandLineRunner(store: directory.appendingPathComponent("phone.sqlite").path)
                let tablet = CommandLineRunner(store: directory.appendingPathComponent("tablet.sqlite").path)
                let credentials = ["--server", server.url, "--email", "mia@example.com", "--password", "correct horse"]
                var generator = SplitMix64(seed: 1_919)
                let photoBytes =
                    MediaSamples.png + Data((0..<300_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
                let photoFile = directory.appendingPathComponent("beach.png")
                try photoBytes.write(to: photoFile)

                // Made offline, before any account: the type comes from the bytes.
                let photo: Annotation = try await phone.run(
                    "annotation", "create", "--media", photoFile.path, "--at", "1,0,-2"
                ).decode()
                #expect(photo.type == .photo)
                let sha256 = try #require(photo.content.cloudAssetID)
                #expect(photo.content.mediaURL == photoFile)
                let wrongKind = try await phone.run(
                    "annotation", "create", "--type", "voiceMemo", "--media", photoFile.path, "--at", "0,0,0")
                #expect(wrongKind.status != 0 && wrongKind.error.contains("needs audio"), "\(wrongKind.error)")

                #expect(try await phone.run(["register"] + credentials).status == 0)
                let pushed: SyncSummary = try await phone.run("sync").decode()
                #expect(pushed.pushed.mediaUploaded == 1 && pushed.pushed.rejected == 0)
                let phoneMedia: [DeviceMedia] = try await phone.run("media", "list").decode()
                #expect(phoneMedia.map(\.isUploaded) == [true])

                #expect(try await tablet.run(["login"] + credentials).status == 0)
                let pulled: SyncSummary = try await tablet.run("sync").decode()
                #expect(pulled.mediaDownloaded == 1)
                let tabletMedia: [DeviceMedia] = try await tablet.run("media", "list").decode()
                let copy = try #require(tabletMedia.first { $0.sha256 == sha256 }?.path)
                #expect(FileManager.default.contents(atPath: copy) == photoBytes)
                #expect(tabletMedia.first?.contentType == "image/png")

                // Files attached to the photo go up with the next sync and come down on the tablet.
                let clip = directory.appendingPathComponent("clip.mp4")
                try (MediaSamples.header("mp4") + Data(count: 9 << 20)).write(to: clip)  // in parts (resumable)
                let notes = directory.appendingPathComponent("notes.bin")
                try Data("not media".utf8).write(to: notes)
                let attached: Annotation = try await phone.run("attach", photo.id.uuidString, clip.path, notes.path)
                    .decode()
                #expect(attached.attachments.map(\.fileName) == ["clip.mp4", "notes.bin"])
                #expect(attached.attachments.map(\.fileType) == ["video/mp4", "application/octet-stream"])
                #expect(try await phone.run("attach", photo.id.uuidString, "/no/such/file").status != 0)
                // On a terminal the 9 MiB clip's upload draws a progress bar (run under `script`,
                // which gives it one); piped, as here otherwise, nothing but the summary is printed.
                let terminal = try await Self.onTerminal([
                    ServerProcess.executable.path, "sync", "--store", phone.store,
                ])
                #expect(terminal.contains("] 100%") && terminal.contains("↑"), "\(terminal)")
                #expect(
                    terminal.contains("pushed     1 saved") && terminal.contains("media      2 uploaded"), "\(terminal)"
                )
                let attachedPull = try await tablet.run("sync")
                #expect(try attachedPull.decode(SyncSummary.self).mediaDownloaded == 2)
                #expect(attachedPull.error.isEmpty, "no bar when not a terminal: \(attachedPull.error)")

                // A file deleted before its upload: the change is rejected and held, not stuck.
                let memoFile = directory.appendingPathComponent("memo.m4a")
                try (MediaSamples.header("m4a") + Data(count: 4_000)).write(to: memoFile)
                let memo: Annotation = try await phone.run(
                    "annotation", "create", "--media", memoFile.path, "--at", "2,0,0"
                ).decode()
                #expect(memo.type == .voiceMemo)
                let memoBytes = try Data(contentsOf: memoFile)
                try FileManager.default.removeItem(at: memoFile)
                let refused: SyncSummary = try await phone.run("sync").decode()
                #expect(refused.pushed.rejected == 1)
                let status: SyncCommandLineTests.Status = try await phone.run("status").decode()
                #expect(status.pendingChanges == 0, "the outbox is not stuck")
                let rejections = try await phone.runPlain("rejections")
                #expect(rejections.text.contains("no longer on this device"), "\(rejections.text)")
                // Put back and retried, it goes.
                try memoBytes.write(to: memoFile)
                #expect(try await phone.run("rejections", "retry", "--all").status == 0)
                let retried: SyncSummary = try await phone.run("sync").decode()
                #expect(retried.pushed.mediaUploaded == 1 && retried.pushed.rejected == 0)

                // With an eager limit of 0 the tablet leaves the memo on the server until asked.
                #expect(try await tablet.run("media", "eager-limit", "0").status == 0)
                let lazy: SyncSummary = try await tablet.run("sync").decode()
                #expect(lazy.mediaDownloaded == 0)
                let saved = directory.appendingPathComponent("memo-copy.m4a")
                let fetched = try await tablet.run("media", "get", memo.id.uuidString, "-o", saved.path)
                #expect(fetched.status == 0, "\(fetched.error)")
                #expect(try Data(contentsOf: saved) == memoBytes)

                // The export carries the media: from the tablet's copies, the rest from the server.
                let exported = directory.appendingPathComponent("export")
                let report = try await tablet.run("export", "--media", exported.path)
                #expect(report.status == 0, "\(report.error)")
                let files = try FileManager.default.contentsOfDirectory(
                    atPath: exported.appendingPathComponent("media").path)
                #expect(files.count == 4, "photo, clip, notes and memo: \(files)")
                #expect(
                    FileManager.default.contents(atPath: exported.appendingPathComponent("media/\(sha256)").path)
                        == photoBytes)
                let export = try RealityJSON.decode(
                    AccountExport.self, from: try Data(contentsOf: exported.appendingPathComponent("export.json")))
                #expect(export.annotations.count == 2)

                // An asset in use cannot be deleted; once its annotation is gone it can.
                let inUse = try await tablet.run("media", "rm", sha256)
                #expect(inUse.status != 0 && inUse.error.contains("still used"), "\(inUse.error)")
                #expect(try await phone.run("annotation", "delete", photo.id.uuidString).status == 0)
                _ = try await phone.run("sync")
                let removed = try await phone.run("media", "rm", sha256)
                #expect(removed.status == 0, "\(removed.error)")
                #expect(FileManager.default.fileExists(atPath: photoFile.path), "the person's own file stays")
                let after: [DeviceMedia] = try await phone.run("media", "list").decode()
                #expect(!after.contains { $0.sha256 == sha256 })
            }
        }
    }
}

extension DeviceCommandLineTests.MediaCommandLineTests {
    /// A large file's upload that a killed process left half done resumes from the server's
    /// offset at the next `reality sync` (issue 19): the upload the store remembers is the one
    /// that completes, not a new one.
    @Test func aLargeUploadLeftHalfDone_resumesAtTheNextSync() async throws {
        try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
            let directory = harness.directory
            let phone = CommandLineRunner(store: directory.appendingPathComponent("phone.sqlite").path)
            let credentials = ["--server", server.url, "--email", "res@example.com", "--password", "correct horse"]
            #expect(try await phone.run(["register"] + credentials).status == 0)
            let video = directory.appendingPathComponent("walk.mp4")
            var generator = SplitMix64(seed: 2_026)
            let bytes =
                MediaSamples.header("mp4")
                + Data((0..<(20 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            try bytes.write(to: video)
            let annotation: Annotation = try await phone.run(
                "annotation", "create", "--media", video.path, "--at", "0,0,0"
            ).decode()
            let sha256 = try #require(annotation.content.cloudAssetID)

            // What a run killed after its first part leaves: the upload begun, 8 MiB on the
            // server, its ID in the store.
            let store = try DeviceStore.open(path: phone.store)
            let account = try #require(try await store.deviceAccount())
            let transport = SyncTransport(serverURL: server.url, token: account.token)
            let begun = try await transport.createUpload(size: Int64(bytes.count))
            let counter = TransferCounter(sha256: sha256, direction: .upload, total: Int64(bytes.count), observer: nil)
            let part = try await transport.appendUpload(
                begun.id, from: video.path, range: 0..<(8 << 20), counter: counter)
            #expect(part.offset == 8 << 20)
            try await store.setMetadata("media.upload.\(sha256)", to: begun.id.uuidString)

            let synced: SyncSummary = try await phone.run("sync").decode()
            #expect(synced.pushed.mediaUploaded == 1 && synced.pushed.rejected == 0)
            // That upload completed (a finished upload is gone), and the store forgot it.
            await #expect(throws: SyncError.self) { try await transport.uploadStatus(begun.id) }
            #expect(try await store.metadata("media.upload.\(sha256)") == nil)
            let copy = directory.appendingPathComponent("copy")
            let fetched = try await transport.downloadAsset(sha256: sha256, into: copy)
            guard case .stored(let media) = fetched else { throw SyncTestFailure("not downloaded") }
            #expect(FileManager.default.contents(atPath: try #require(media.path)) == bytes)
        }
    }
}

extension DeviceCommandLineTests.MediaCommandLineTests {
    /// A photo made on one device reaches the other with its thumbnail, made by the server's job
    /// (issue 19): `reality sync` brings it into the media directory and `reality media list`
    /// names it.
    @Test(arguments: Backend.allCases) func aPhoto_comesToTheSecondDeviceWithItsThumbnail(backend: Backend) async throws
    {
        try await SyncTestServer.withServerProcess(backend) { server, harness in
            let directory = harness.directory
            let phone = CommandLineRunner(store: directory.appendingPathComponent("phone.sqlite").path)
            let tablet = CommandLineRunner(store: directory.appendingPathComponent("tablet.sqlite").path)
            let credentials = ["--server", server.url, "--email", "tn@example.com", "--password", "correct horse"]
            let photoFile = directory.appendingPathComponent("tree.jpg")
            try GeneratedMedia.jpeg(width: 1_200, height: 900).write(to: photoFile)
            let photo: Annotation = try await phone.run(
                "annotation", "create", "--media", photoFile.path, "--at", "1,0,-2"
            ).decode()
            let sha256 = try #require(photo.content.cloudAssetID)
            #expect(try await phone.run(["register"] + credentials).status == 0)
            #expect(try await phone.run("sync").status == 0)

            #expect(try await tablet.run(["login"] + credentials).status == 0)
            // The server makes the thumbnail just after the upload; a sync before it is ready
            // leaves it for the next.
            var thumbnails = 0
            for _ in 0..<50 where thumbnails == 0 {
                thumbnails += try await tablet.run("sync").decode(SyncSummary.self).thumbnailsDownloaded
                if thumbnails == 0 { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(thumbnails == 1)
            let media: [DeviceMedia] = try await tablet.run("media", "list").decode()
            let thumbnail = try #require(media.first { $0.sha256 == sha256 }?.thumbnailPath)
            #expect(try GeneratedMedia.size(of: try Data(contentsOf: URL(fileURLWithPath: thumbnail))) == (256, 256))
            // Nothing more to fetch at the next sync.
            #expect(try await tablet.run("sync").decode(SyncSummary.self).thumbnailsDownloaded == 0)
        }
    }
}

extension DeviceCommandLineTests.MediaCommandLineTests {
    /// A 100-megapixel photo is shrunk as it is decoded (issue 19): the server process's peak
    /// resident memory grows by a small part of the 300 MB its pixels would take, measured against
    /// its peak after a small photo went the same way.
    @Test func aHundredMegapixelPhoto_isRenderedWithoutTakingTheServersMemory() async throws {
        try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
            let auth = try await harness.register("Huge")
            let transport = SyncTransport(serverURL: server.url, token: auth.token)
            func renderAndMeasure(_ photo: Data, named name: String) async throws -> Int {
                let file = harness.directory.appendingPathComponent(name)
                try photo.write(to: file)
                let asset = try await transport.uploadAsset(path: file.path)
                var request = HTTPClientRequest(url: server.url + APIRoute.assetPreview.path(id: asset.sha256))
                request.headers.add(name: "Authorization", value: "Bearer \(auth.token)")
                for _ in 0..<300 {
                    let response = try await harness.client.execute(request, timeout: .seconds(30))
                    let body = try await response.body.collect(upTo: 16 << 20)
                    if response.status == .ok {
                        #expect(try GeneratedMedia.size(of: Data(body.readableBytesView)).width == 1_600)
                        return try #require(server.peakResidentBytes)
                    }
                    try await Task.sleep(for: .milliseconds(100))
                }
                throw SyncTestFailure("no preview of \(name) within 30 s")
            }
            let before = try await renderAndMeasure(
                try GeneratedMedia.jpeg(width: 2_000, height: 1_600), named: "a.jpg")
            let after = try await renderAndMeasure(
                try GeneratedMedia.blackJPEG(width: 10_000, height: 10_000), named: "huge.jpg")
            let growth = after - before
            #expect(growth < 64 << 20, "peak resident memory grew by \(growth >> 20) MiB")
        }
    }
}

extension DeviceCommandLineTests.MediaCommandLineTests {
    /// A resumable upload the server no longer knows (it expired after a day unfinished) is begun
    /// again at the next sync rather than failing it (issue 19).
    @Test func anUploadTheServerForgot_beginsAgain() async throws {
        try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
            let directory = harness.directory
            let phone = CommandLineRunner(store: directory.appendingPathComponent("phone.sqlite").path)
            let credentials = ["--server", server.url, "--email", "gone@example.com", "--password", "correct horse"]
            #expect(try await phone.run(["register"] + credentials).status == 0)
            let video = directory.appendingPathComponent("long.mp4")
            try (MediaSamples.header("mp4") + Data(repeating: 7, count: 9 << 20)).write(to: video)
            let annotation: Annotation = try await phone.run(
                "annotation", "create", "--media", video.path, "--at", "0,0,0"
            ).decode()
            let sha256 = try #require(annotation.content.cloudAssetID)
            let store = try DeviceStore.open(path: phone.store)
            try await store.setMetadata("media.upload.\(sha256)", to: UUID().uuidString)

            let synced: SyncSummary = try await phone.run("sync").decode()
            #expect(synced.pushed.mediaUploaded == 1 && synced.pushed.rejected == 0)
            #expect(try await store.metadata("media.upload.\(sha256)") == nil)
        }
    }
}
