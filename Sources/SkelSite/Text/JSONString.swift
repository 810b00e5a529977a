/// A JSON string literal safe inside an HTML `<script type="application/json">`:
/// "<", ">" and "&" are \u-escaped too, so the JSON cannot close the script.
enum JSONString {
    static func quote(_ string: String) -> String {
        JSONText.string(string, htmlSafe: true)
    }
}
