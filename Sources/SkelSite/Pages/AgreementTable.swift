/// The `agreement` section of `component.mustache`: a component's verify figures as one
/// table per engine (a row per theme and scale, and width for a fluid spec; a column
/// per time) and, when several
/// engines were measured, a table of the worst over them per frame.
enum AgreementTable {
    static func context(_ agreement: ComponentAgreement) -> [String: Any] {
        var times: [Double] = []
        for frame in agreement.frames where !times.contains(frame.time) { times.append(frame.time) }
        let engines = agreement.engines
        var tables: [[String: Any]] = engines.map { engine in
            table(agreement.frames.filter { $0.engine == engine }, times: times, minimum: agreement.minimum,
                  name: displayName(engine), combined: false)
        }
        if engines.count > 1 {
            // Per frame, the lowest match over the engines.
            var worst: [ComponentAgreement.Frame] = []
            for frame in agreement.frames {
                if let index = worst.firstIndex(where: {
                    $0.theme == frame.theme && $0.scale == frame.scale && $0.time == frame.time && $0.width == frame.width
                }) {
                    worst[index].match = min(worst[index].match, frame.match)
                } else {
                    worst.append(frame)
                }
            }
            tables.append(table(worst, times: times, minimum: agreement.minimum,
                                name: engines.map(displayName).joined(separator: ", "), combined: true))
        }
        var context: [String: Any] = [
            "worst": VerifyReport.percent(agreement.worst),
            "minimum": VerifyReport.percent(agreement.minimum),
            "passed": agreement.passed,
            "frameCount": agreement.frames.count,
            "engineCount": engines.count,
            "engineNames": engines.map(displayName).joined(separator: ", "),
            "times": times.map { ["time": PageContexts.formatSeconds($0)] },
            "tables": tables,
        ]
        if let threshold = agreement.threshold { context["threshold"] = VerifyReport.number(threshold, places: 6) }
        return context
    }

    /// One table: `name` is the engine's name, or the engines' names when `combined`.
    private static func table(_ frames: [ComponentAgreement.Frame], times: [Double], minimum: Double, name: String,
                              combined: Bool) -> [String: Any] {
        var rowKeys: [String] = []
        var cells: [String: [Double: Double]] = [:]
        for frame in frames {
            // A fluid spec is checked at several widths: a row per width, theme and scale.
            let key = (frame.width.map { VerifyReport.number($0) + " pt, " } ?? "") + frame.theme + " @" + String(frame.scale) + "x"
            if cells[key] == nil { rowKeys.append(key) }
            cells[key, default: [:]][frame.time] = frame.match
        }
        let rows: [[String: Any]] = rowKeys.map { key in
            let row = cells[key] ?? [:]
            return [
                "label": key,
                "cells": times.map { time -> [String: Any] in
                    guard let match = row[time] else { return ["text": "–", "below": false] }
                    return ["text": VerifyReport.percent(match), "below": match < minimum]
                },
            ]
        }
        return ["name": name, "combined": combined, "rows": rows,
                "worst": VerifyReport.percent(frames.map(\.match).min() ?? 1)]
    }

    /// "Chromium" for "chromium"; an engine this version does not know keeps its name.
    static func displayName(_ engine: String) -> String {
        BrowserEngine(rawValue: engine)?.displayName ?? engine
    }
}
