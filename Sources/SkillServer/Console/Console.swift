import HTTPTypes
import Hummingbird
import NIOCore

/// The console: a page served by `skillhost serve` itself (built into the binary, nothing
/// fetched from elsewhere) to talk to the skills and see inside each turn, on the same API a
/// front end uses (`/v1/conversations`, `?inspect=true`, `/v1/skills`).
///
/// What skills say and users type reaches the page only as data: the script writes it as
/// text, never as markup, and the page's policy allows no script but its own.
enum Console {
    struct Asset {
        let bytes: [UInt8]
        let type: String
    }

    static let assets: [String: Asset] = [
        "": Asset(bytes: PackageResources.index_html, type: "text/html; charset=utf-8"),
        "console.js": Asset(bytes: PackageResources.console_js, type: "text/javascript; charset=utf-8"),
        "console.css": Asset(bytes: PackageResources.console_css, type: "text/css; charset=utf-8"),
    ]

    /// Only the page's own script, style and requests; no frames around it.
    static let policy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func add<Context: RequestContext>(to router: Router<Context>) {
        for (name, asset) in assets {
            router.get(RouterPath(name)) { _, _ in response(asset) }
        }
    }

    static func response(_ asset: Asset) -> Response {
        var headers: HTTPFields = [.contentType: asset.type, .cacheControl: "no-cache", .contentSecurityPolicy: policy]
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
