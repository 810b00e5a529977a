extension Duration {
    /// In seconds, as a `Double` (every section's timings print so).
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
