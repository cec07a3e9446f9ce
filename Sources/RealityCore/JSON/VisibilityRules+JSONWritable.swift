import Foundation

// Keys in `.sortedKeys` order, nil optionals left out, as in Annotation+JSONWritable.swift.

extension VisibilityRules: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("expiresAfterViews", ifPresent: expiresAfterViews)
        try writer.field("expiresAt", ifPresent: expiresAt)
        try writer.field("locationRules", ifPresent: locationRules)
        try writer.field("timeRules", ifPresent: timeRules)
        writer.endObject()
    }
}

extension TimeRule: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("endTime", ifPresent: endTime)
        try writer.field("id", id)
        try writer.field("recurrence", ifPresent: recurrence)
        try writer.field("startTime", ifPresent: startTime)
        try writer.field("type", type)
        writer.endObject()
    }
}

extension RecurrenceRule: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("daysOfWeek", ifPresent: daysOfWeek)
        try writer.field("frequency", frequency)
        try writer.field("interval", interval)
        try writer.field("timeOfDay", ifPresent: timeOfDay)
        try writer.field("timeZone", ifPresent: timeZone)
        writer.endObject()
    }
}

extension TimeOfDay: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("endHour", endHour)
        try writer.field("endMinute", endMinute)
        try writer.field("hour", hour)
        try writer.field("minute", minute)
        writer.endObject()
    }
}

extension LocationRule: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("radiusMeters", ifPresent: radiusMeters)
        try writer.field("type", type)
        writer.endObject()
    }
}

extension TimeRuleType: JSONWritable {}
extension RecurrenceFrequency: JSONWritable {}
extension LocationRuleType: JSONWritable {}
