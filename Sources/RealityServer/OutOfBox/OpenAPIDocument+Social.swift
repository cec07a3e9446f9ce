import OutOfBoxCore

extension OpenAPIDocument {
    /// The schemas of Out of Box's friends and sharing (`/api/v1/social/…`), their enumerations
    /// and bounds read from the model. Optional fields are left out of an answer when they have no
    /// value.
    static var socialSchemas: [String: Any] {
        let person = object(["userID": uuid, "displayName": string, "since": date], required: ["userID", "since"])
        let audience = array(uuid).merging([
            "minItems": SocialLimits.audience.lowerBound, "maxItems": SocialLimits.audience.upperBound,
        ]) { a, _ in a }
        let caption: [String: Any] = ["type": "string", "maxLength": SocialLimits.caption]
        return [
            "Friend": person,
            "FriendRequest": object(
                [
                    "id": uuid, "fromID": uuid, "toID": uuid, "status": enumeration(of: FriendRequest.Status.self),
                    "createdAt": date, "respondedAt": date, "fromName": string, "toName": string,
                ], required: ["id", "fromID", "toID", "status", "createdAt"]),
            "SharedPhoto": object(
                [
                    "id": uuid, "ownerID": uuid, "assignmentID": uuid, "challengeID": string, "photoAssetID": assetID,
                    "caption": string, "visibility": enumeration(of: SharedPhoto.Visibility.self),
                    "audience": array(uuid), "createdAt": date, "ownerName": string, "challengeTitle": string,
                    "commentCount": ["type": "integer", "minimum": 0],
                ],
                required: [
                    "id", "ownerID", "assignmentID", "challengeID", "photoAssetID", "visibility", "audience",
                    "createdAt", "commentCount",
                ]),
            "PhotoComment": object(
                [
                    "id": uuid, "photoID": uuid, "authorID": uuid, "text": string, "createdAt": date,
                    "authorName": string,
                ], required: ["id", "photoID", "authorID", "text", "createdAt"]),
            "SendFriendRequest": object(["email": string, "userID": uuid]),
            "FriendRequestActionBody": object(
                ["action": enumeration(of: FriendRequestAction.self)], required: ["action"]),
            "BlockRequest": object(["userID": uuid], required: ["userID"]),
            "SharePhotoRequest": object(
                [
                    "challengeID": string, "caption": caption,
                    "visibility": enumeration(of: SharedPhoto.Visibility.self), "audience": audience,
                ], required: ["challengeID"]),
            "UpdateSharedPhotoRequest": object(
                [
                    "caption": caption, "visibility": enumeration(of: SharedPhoto.Visibility.self),
                    "audience": audience,
                ]),
            "PhotoCommentRequest": object(
                [
                    "photoID": uuid,
                    "text": ["type": "string", "minLength": 1, "maxLength": SocialLimits.comment],
                ], required: ["photoID", "text"]),
            "SocialExport": object(
                [
                    "friends": array(person), "requests": array(ref("FriendRequest")), "blocked": array(person),
                    "sharedPhotos": array(ref("SharedPhoto")), "comments": array(ref("PhotoComment")),
                ], required: ["friends", "requests", "blocked", "sharedPhotos", "comments"]),
        ]
    }
}
