extension Seasonality {
    /// The season of `day` in `hemisphere`, by meteorological months: spring is March to May in the
    /// north and September to November in the south.
    public static func of(_ day: LocalDay, in hemisphere: AppSettingsDTO.Hemisphere) -> Seasonality {
        let month = hemisphere == .northern ? day.month : (day.month + 5) % 12 + 1
        switch month {
        case 3...5: return .spring
        case 6...8: return .summer
        case 9...11: return .autumn
        default: return .winter
        }
    }
}
