import Foundation
// Placeholder until the validation branch lands.
extension Annotation { func validate() throws(ValidationError) {} }
extension Layer { func validate() throws(ValidationError) {} }
extension Comment { func validate() throws(ValidationError) {} }
extension Reaction { func validate() throws(ValidationError) {} }
extension User { func validate() throws(ValidationError) {} }
extension UserPreferences { func validate() throws(ValidationError) {} }
extension WorldMap { func validate() throws(ValidationError) {} }
extension Permission { func validate() throws(ValidationError) {} }
