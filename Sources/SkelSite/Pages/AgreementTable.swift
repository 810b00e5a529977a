/// The `agreement` section of `component.mustache`: a component's verify figures as a
/// table with a row per theme and scale and a column per time.
enum AgreementTable {
    static func context(_ agreement: ComponentAgreement) -> [String: Any] {
        var times: [Double] = []
        var rowKeys: [String] = []
        var cells: [String: [Double: Double]] = [:]
        for frame in agreement.frames {
            if !times.contains(frame.time) { times.append(frame.time) }
            let key = frame.theme + " @" + String(frame.scale) + "x"
            if cells[key] == nil { rowKeys.append(key) }
            cells[key, default: [:]][frame.time] = frame.match
        }
        let rows: [[String: Any]] = rowKeys.map { key in
            let row = cells[key] ?? [:]
            return [
                "label": key,
                "cells": times.map { time -> [String: Any] in
                    guard let match = row[time] else { return ["text": "–", "below": false] }
                    return ["text": VerifyReport.percent(match), "below": match < agreement.minimum]
                },
            ]
        }
        var context: [String: Any] = [
            "worst": VerifyReport.percent(agreement.worst),
            "minimum": VerifyReport.percent(agreement.minimum),
            "passed": agreement.passed,
            "frameCount": agreement.frames.count,
            "times": times.map { ["time": PageContexts.formatSeconds($0)] },
            "rows": rows,
        ]
        if let threshold = agreement.threshold { context["threshold"] = VerifyReport.number(threshold, places: 6) }
        return context
    }
}
