"""Creates what the schemathesis run of scripts/api-fuzz works on, and prints the run's config.

Usage: setup.py BASE_URL ADMIN_TOKEN. Registers the fuzzing user and a second user (both on the
pro plan, which allows several layers and sharing), the second sharing a layer with the first; makes a layer, an annotation with a comment and a reaction, an asset and a world map (each
twice: one for the DELETE operations, so that deleting does not leave the others nothing to
reach), and prints a schemathesis.toml that pins the operations' path parameters to them, so
the run reaches past the 404 a random ID gets. The first line printed is the bearer token.
"""
import json
import sys
import urllib.request

base, admin_token = sys.argv[1], sys.argv[2]


def call(method, path, body=None, token=None, raw=None, content_type="application/json"):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None


def register(email, name):
    return call("POST", "/api/v1/auth/register",
                {"email": email, "password": "correct horse battery staple", "displayName": name})


fuzz, other = register("fuzz@example.com", "Fuzz"), register("other@example.com", "Other")
token, other_token = fuzz["token"], other["token"]
for user in (fuzz, other):
    call("PUT", "/api/v1/admin/users/%s/tier" % user["user"]["id"], {"tier": "pro"}, token=admin_token)


def resources(suffix):
    layer = call("POST", "/api/v1/layers", {"name": "Fuzz " + suffix}, token=token)
    note = call("POST", "/api/v1/annotations",
                {"type": "text", "content": {"text": "fuzz"}, "position": [0, 1.5, -2], "layerID": layer["id"]},
                token=token)
    comment = call("POST", "/api/v1/annotations/%s/comments" % note["id"], {"text": "hi"}, token=token)
    call("POST", "/api/v1/annotations/%s/reactions" % note["id"], {"emoji": "👍"}, token=token)
    asset = call("POST", "/api/v1/assets", raw=("map " + suffix).encode(), token=token,
                 content_type="application/octet-stream")
    world_map = call("POST", "/api/v1/worldmaps", {"worldMapAssetID": asset["id"]}, token=token)
    return {"layer": layer["id"], "annotation": note["id"], "comment": comment["id"], "asset": asset["id"],
            "worldMap": world_map["id"]}


kept, doomed = resources("kept"), resources("doomed")
# A layer of the other user shared with the fuzzing user, which also gives it a notification.
shared = call("POST", "/api/v1/layers", {"name": "Shared"}, token=other_token)
call("POST", "/api/v1/layers/%s/permissions" % shared["id"], {"userID": fuzz["user"]["id"], "level": "editor"},
     token=other_token)
notifications = call("GET", "/api/v1/notifications", token=token)["items"]

print(token)
sections = [
    (r"^/api/v1/layers/\{id\}", "layer"), (r"^/api/v1/annotations/\{id\}", "annotation"),
    (r"^/api/v1/comments/\{id\}", "comment"), (r"^/api/v1/assets/\{id\}", "asset"),
    (r"^/api/v1/worldmaps/\{id\}", "worldMap"),
]
for pattern, kind in sections:
    for method, ids in (("DELETE", doomed), (None, kept)):
        print("[[operations]]")
        print("include-path-regex = %s" % json.dumps(pattern))
        if method:
            print('include-method = "DELETE"')
        else:
            print('exclude-method = "DELETE"')
        parameters = {"id": ids[kind]}
        if kind in ("layer", "annotation"):
            parameters["userID"] = other["user"]["id"]
        if kind == "annotation":
            parameters["emoji"] = "👍"
        print("parameters = { %s }" % ", ".join(
            "%s = %s" % (name, json.dumps(value, ensure_ascii=False)) for name, value in parameters.items()))
        print()
if notifications:
    print("[[operations]]")
    print(r'include-path-regex = "^/api/v1/notifications/\\{id\\}"')
    print("parameters = { id = %s }" % json.dumps(notifications[0]["id"]))
