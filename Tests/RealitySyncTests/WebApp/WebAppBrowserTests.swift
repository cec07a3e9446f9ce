import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

extension DeviceSyncTests {
    /// The web app in headless Chromium against `reality serve` (issue 23), driven as a person
    /// drives it: forms typed and clicked, addresses typed, nothing called behind the page's back
    /// except to set up a second person.
    @Suite struct WebAppBrowserTests {
        /// Sign up, make a layer, pin a note on the plan, share it by email; the friend comments
        /// from a second browser and the comment arrives live in the first. Every string the
        /// people type carries markup that must never run.
        @Test func pinANote_shareIt_andSeeAFriendsCommentArriveLive() async throws {
            try await WebAppHarness.run { web in
                _ = try await web.api.register("Bob")
                let ann = try await web.browser()
                try await ann.click("a[href='#/signup']")
                try await ann.type("input[name=displayName]", "Ann " + WebAppHarness.injectedName)
                try await ann.type("input[name=email]", "ann@example.com")
                try await ann.type("input[name=password]", "correct horse battery")
                try await ann.click("form[aria-label='Create an account'] button[type=submit]")
                try await ann.waitUntil("the spaces page", "return location.hash === '#/spaces'")

                try await ann.type("form[aria-label='New layer'] input[name=name]", "Kitchen")
                try await ann.click("form[aria-label='New layer'] button[type=submit]")
                try await ann.waitUntil("the new layer's plan", "return !!document.querySelector('canvas.plan')")
                let layerID = String(try await ann.hash().dropFirst("#/spaces/".count))
                #expect(try await ann.text(".tree").contains("Kitchen"))

                // A click on the plan picks the point the note is pinned at.
                try await ann.click("canvas.plan")
                let picked = try await ann.execute(
                    "const f = document.querySelector(\"form[aria-label='Pin a note']\"); return [f.x.value, f.z.value]"
                )
                let point = (picked as? [String] ?? []).compactMap(Double.init)
                #expect(point.count == 2 && point.allSatisfy { abs($0) < 0.1 }, "the plan's centre: \(point)")
                try await ann.type(
                    "form[aria-label='Pin a note'] textarea[name=text]", "Buy milk " + WebAppHarness.injected)
                try await ann.type(
                    "form[aria-label='Pin a note'] input[name=title]", "Fridge " + WebAppHarness.injected)
                try await ann.click("form[aria-label='Pin a note'] button[type=submit]")
                try await ann.waitUntil(
                    "the note on the plan", "return document.querySelector('canvas.plan').dataset.drawn === '1'")
                #expect(try await ann.text(".annotations").contains("Fridge <script>"))
                try await web.screenshots(of: ann, named: "spaces")

                // Ann opens it from the plan's list and shares it with Bob by email (on a plan
                // that may share: an operator moves her to it).
                let annID =
                    try await ann.execute(
                        "return JSON.parse(sessionStorage.getItem('reality.session')).user.id") as? String ?? ""
                try await web.api.upgrade(try #require(UserID(uuidString: annID)))
                try await ann.click(".annotations a")
                try await ann.waitForText("Buy milk")
                let annotationID = String(try await ann.hash().dropFirst("#/annotation/".count))
                try await ann.type("form[aria-label='Share'] input[name=email]", "bob@example.com")
                try await ann.execute(
                    "document.querySelector(\"form[aria-label='Share'] select[name=level]\").value = 'commenter'")
                try await ann.click("form[aria-label='Share'] button[type=submit]")
                try await ann.waitForText("bob@example.com · commenter · accepted")
                try await ann.execute("window.__stayed = true")

                // Bob types the note's address in his own browser, sees it, and comments.
                let bob = try await web.browser()
                try await web.signIn(bob, email: "bob@example.com")
                try await bob.open(web.server.url + "/#/annotation/" + annotationID)
                try await bob.waitForText("Buy milk")
                #expect(!(try await bob.bodyText()).contains("Edit and move"), "a commenter may not edit")
                try await bob.type(
                    "form[aria-label='Add a comment'] textarea", "Looks good @Ann " + WebAppHarness.injected)
                try await bob.click("form[aria-label='Add a comment'] button[type=submit]")
                try await bob.waitForText("Looks good @Ann <script>")
                try await bob.click(".comment button.link:nth-of-type(2)")
                try await bob.type("form[aria-label='Edit the comment'] textarea", " (edited)")
                try await bob.click("form[aria-label='Edit the comment'] button[type=submit]")
                try await bob.waitForText("(edited)")

                // It arrives in Ann's page over the live-events socket, without a reload.
                try await ann.waitForText("(edited)")
                #expect(try await ann.text("strong.mention") == "@Ann")
                #expect(try await ann.execute("return window.__stayed === true") as? Bool == true)
                #expect(try await ann.execute("return document.body.dataset.live") as? String == "true")
                try await web.screenshots(of: ann, named: "annotation")
                try await web.screenshots(of: ann, named: "annotation-comments", showing: ".comments")

                // Bob's spaces list the shared layer only through the note; his own stay his.
                for browser in [ann, bob] {
                    #expect(try await web.injectionRan(in: browser) == false)
                    let refusals = try await browser.consoleMessages().filter { $0.contains("Content Security Policy") }
                    #expect(refusals.isEmpty, "\(refusals)")
                }
                _ = layerID
                await bob.close()
                await ann.close()
            }
        }

        /// A layer shared from its plan with a level and an expiry, seen by the member in their
        /// own browser, then revoked; and a photo pinned on the plan from the file picker.
        @Test func shareALayer_fromItsPlan_thenRevoke_andPinAPhoto() async throws {
            try await WebAppHarness.run { web in
                _ = try await web.api.register("Ann")
                _ = try await web.api.register("Bob")
                let ann = try await web.browser()
                try await web.signIn(ann, email: "ann@example.com")
                try await ann.type("form[aria-label='New layer'] input[name=name]", "Garden")
                try await ann.click("form[aria-label='New layer'] button[type=submit]")
                try await ann.waitUntil("the new layer's plan", "return !!document.querySelector('canvas.plan')")

                let photo = web.api.directory.appendingPathComponent("rose.png")
                try GeneratedMedia.png(width: 64, height: 48).write(to: photo)
                try await ann.type("form[aria-label='Pin a note'] input[name=title]", "Rose bed")
                try await ann.type("form[aria-label='Pin a note'] input[type=file]", photo.path)
                try await ann.click("form[aria-label='Pin a note'] button[type=submit]")
                try await ann.waitForText("Rose bed photo at")
                try await ann.click(".annotations a")
                try await ann.waitForImage("img.media")
                try await ann.execute("history.back()")

                try await ann.type("form[aria-label='Share'] input[name=email]", "bob@example.com")
                try await ann.execute(
                    """
                    const form = document.querySelector("form[aria-label='Share']");
                    form.level.value = 'viewer';
                    form.expires.value = '2099-12-31';
                    """)
                try await ann.click("form[aria-label='Share'] button[type=submit]")
                try await ann.waitForText("Bob · viewer · until")
                try await web.screenshots(of: ann, named: "layer-sharing", showing: ".share")

                let bob = try await web.browser()
                try await web.signIn(bob, email: "bob@example.com")
                try await bob.waitForText("Garden")
                try await bob.click(".tree a")
                try await bob.waitForText("Rose bed")
                #expect(!(try await bob.bodyText()).contains("Pin a note"), "a viewer pins nothing")

                try await ann.click("ul.members button")
                try await ann.waitForText("Shared with no one.")
                try await bob.open(web.server.url + "/#/spaces")
                try await bob.execute("location.reload()")
                try await bob.waitForText("Make a layer to start.")
                #expect(!(try await bob.bodyText()).contains("Garden"))

                // Ann deletes the layer (its photo moves to her default layer); the trash brings
                // the layer back.
                try await ann.click("form[aria-label='Layer settings'] button[type=button]")
                try await ann.waitForText("Choose a layer.")
                let layers = try await ann.text(".tree")
                #expect(layers.contains("My Annotations") && !layers.contains("Garden"), "\(layers)")
                try await ann.click("nav a[href='#/trash']")
                try await ann.waitForText("Garden · layer")
                try await web.screenshots(of: ann, named: "trash")
                try await ann.click("ul.trash button")
                try await ann.waitForText("The trash is empty.")
                try await ann.click("nav a[href='#/spaces']")
                try await ann.waitForText("Garden")
                await bob.close()
                await ann.close()
            }
        }

        /// A second person, signed in, sees nothing of the first's: not in the lists, not by
        /// typing the addresses of the first's layer and note, not by searching for its words.
        @Test func aSecondPerson_seesNothingPrivate_evenByTypingAddresses() async throws {
            try await WebAppHarness.run { web in
                let ann = try await web.api.register("Ann")
                _ = try await web.api.register("Carol")
                let owner = WebAppAPI(harness: web.api, token: ann.token)
                let layer = try await owner.post("/api/v1/layers", ["name": "Diary", "color": "purple"])
                let note = try await owner.post(
                    "/api/v1/annotations",
                    [
                        "type": "text", "content": ["text": "Secret plans"], "position": [1, 1, 1],
                        "layerID": layer["id"] as? String ?? "",
                    ])
                let layerID = layer["id"] as? String ?? ""
                let noteID = note["id"] as? String ?? ""

                let carol = try await web.browser()
                try await web.signIn(carol, email: "carol@example.com")
                try await carol.waitForText("Make a layer to start.")
                #expect(!(try await carol.bodyText()).contains("Diary"))
                for address in ["#/annotation/\(noteID)", "#/spaces/\(layerID)"] {
                    try await carol.open(web.server.url + "/" + address)
                    try await carol.element("[role=alert]")
                    let text = try await carol.bodyText()
                    #expect(!text.contains("Secret plans") && !text.contains("Diary"), "\(address): \(text)")
                }
                try await carol.open(web.server.url + "/#/search")
                try await carol.type("form[role=search] input[name=q]", "Secret")
                try await carol.click("form[role=search] button[type=submit]")
                try await carol.waitForText("Nothing matches.")
                try await web.screenshots(of: carol, named: "search")

                // Signed out, the addresses lead to the sign-in page.
                try await carol.click("nav button")
                try await carol.waitUntil("the sign-in page", "return location.hash === '#/signin'")
                try await carol.open(web.server.url + "/#/annotation/\(noteID)")
                try await carol.waitUntil("the sign-in page", "return location.hash === '#/signin'")
                try await web.screenshots(of: carol, named: "signin")
                await carol.close()
            }
        }

        /// Out of Box in the browser: today's challenge completed with a photo chosen in the
        /// file picker (with its upload's progress bar), rated, in the history with its photo;
        /// the account page shows the plan's limits, downloads the export and deletes the account.
        @Test func completeTodaysChallenge_withAPhoto_andRateIt() async throws {
            try await WebAppHarness.run { web in
                _ = try await web.api.register("Dana")
                let photo = web.api.directory.appendingPathComponent("blue-door.png")
                try GeneratedMedia.png(width: 120, height: 80).write(to: photo)
                let dana = try await web.browser()
                try await web.signIn(dana, email: "dana@example.com")
                try await dana.click("nav a[href='#/challenge']")
                try await dana.waitForText("Status: assigned")
                try await dana.type("form[aria-label='Complete'] input[type=file]", photo.path)
                try await dana.type(
                    "form[aria-label='Complete'] textarea[name=notes]", "Found one " + WebAppHarness.injected)
                try await dana.click("form[aria-label='Complete'] button[type=submit]")
                try await dana.waitForText("Status: completed")
                try await dana.waitForImage("img.thumb")
                try await dana.click("[aria-label='4 stars']")
                try await dana.waitUntil(
                    "the rating",
                    "return document.querySelector(\"[aria-label='4 stars']\")?.getAttribute('aria-pressed') === 'true'"
                )
                try await dana.type(
                    "form[aria-label='Share with friends'] input[name=caption]", "Blue " + WebAppHarness.injected)
                try await dana.click("form[aria-label='Share with friends'] button[type=submit]")
                try await dana.waitForImage(".feed img")
                #expect(try await dana.text(".feed").contains("You ·"))
                #expect(try await dana.text(".history").contains("completed"))
                #expect(try await dana.text(".stats").contains("1 of 1"))
                try await web.screenshots(of: dana, named: "challenge")

                try await dana.click("nav a[href='#/account']")
                try await dana.waitForText("Plan: pro")
                #expect(try await dana.text(".account").contains("Storage:"))
                try await web.screenshots(of: dana, named: "account")
                try await dana.click("nav a[href='#/activity']")
                try await dana.element("ul.notifications")
                try await web.screenshots(of: dana, named: "activity")
                #expect(try await web.injectionRan(in: dana) == false)

                // The export downloads as a file; deleting the account needs its email typed.
                try await dana.click("nav a[href='#/account']")
                try await dana.execute(
                    """
                    window.__exported = [];
                    const make = URL.createObjectURL;
                    URL.createObjectURL = (blob) => { window.__exported.push(blob.size); return make(blob); };
                    """)
                try await dana.click("button.export")
                try await dana.waitUntil("the export", "return window.__exported.some(size => size > 100)")
                try await dana.type("form[aria-label='Delete account'] input[name=confirm]", "someone@example.com")
                try await dana.click("form[aria-label='Delete account'] button[type=submit]")
                try await dana.waitForText("That is not your email.")
                try await dana.execute("document.querySelector(\"form[aria-label='Delete account'] input\").value = ''")
                try await dana.type("form[aria-label='Delete account'] input[name=confirm]", "dana@example.com")
                try await dana.click("form[aria-label='Delete account'] button[type=submit]")
                try await dana.waitUntil("the sign-up page", "return location.hash === '#/signup'")
                try await dana.click("a[href='#/signin']")
                try await dana.type("form[aria-label='Sign in'] input[name=email]", "dana@example.com")
                try await dana.type("form[aria-label='Sign in'] input[name=password]", "correct horse")
                try await dana.click("form[aria-label='Sign in'] button[type=submit]")
                try await dana.element("form[aria-label='Sign in'] .error:not(:empty)")
                #expect(try await dana.hash() == "#/signin")
                await dana.close()
            }
        }
    }
}
