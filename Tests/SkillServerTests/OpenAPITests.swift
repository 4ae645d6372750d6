import Foundation
import SkillHost
import SkillModel
@testable import SkillServer
import Testing
import TestSupport

/// `deploy/openapi.json` describes the server as it is: the same routes and methods, and every
/// answer the server gives (each route, its errors) matches the schema documented for its status.
@Suite struct OpenAPITests {
    static let document: JSONValue = {
        let bytes = FileManager.default.contents(atPath: "\(TestSupport.packageRoot)/deploy/openapi.json").map(Array.init) ?? []
        return (try? JSONParser.parse(bytes)) ?? .null
    }()

    @Test func theDocumentNamesEveryRouteAndNoOther() throws {
        let host = try HostEngine(options: HostOptions(skillFolders: [], dataRoot: try TestSupport.temporaryFolder("openapi-data")))
        let server = try SkillServer(host: host, options: ServerOptions(), verifier: nil)
        let served = Set(server.router().routes.map { route in
            let path = "/" + "\(route.path)".split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            return "\(route.method.rawValue) \(path)"
        })
        var documented: Set<String> = []
        for (path, item) in Self.document["paths"]?.object?.members ?? [] {
            for (method, _) in item.object?.members ?? [] where method != "parameters" { documented.insert("\(method.uppercased()) \(path)") }
        }
        #expect(!served.isEmpty)
        #expect(served.subtracting(documented).sorted() == [], "served but not documented")
        #expect(documented.subtracting(served).sorted() == [], "documented but not served")
    }

    @Test func everyAnswerMatchesItsDocumentedSchema() async throws {
        let server = try await RunningServer(folder: ServerTests.folder(), arguments: ["--no-verify"])
        var checked = 0
        func check(_ method: String, _ template: String, _ response: HTTPClient.Response, line: Int = #line) throws {
            let operation = Self.document["paths"]?[template]?[method.lowercased()]
            let documented = try #require(operation?["responses"]?["\(response.status)"], "\(method) \(template) answered \(response.status), which is not documented: \(response.text)")
            let resolved = Self.resolve(documented)
            guard let schema = resolved["content"]?["application/json"]?["schema"] else {
                // Not JSON (the metrics, the console's page): the type it is served as is documented.
                let type = response.headers["content-type"]?.split(separator: ";").first.map(String.init) ?? ""
                #expect(resolved["content"]?[type] != nil, "\(method) \(template) \(response.status) is \(type), which is not documented")
                checked += 1
                return
            }
            let problems = Self.validate(try JSONParser.parse(response.body), against: schema, at: "$")
            #expect(problems == [], "\(method) \(template) \(response.status) (line \(line)): \(response.text)")
            if resolved["headers"]?["Retry-After"] != nil { #expect(response.headers["retry-after"] != nil, "\(method) \(template) \(response.status) without Retry-After") }
            checked += 1
        }
        try check("GET", "/healthz", try await server.get("/healthz"))
        try check("GET", "/readyz", try await server.get("/readyz"))
        try check("GET", "/metrics", try await server.get("/metrics"))
        let started = try await server.post("/v1/conversations", #"{"userId":"amzn1.ask.account.openapi"}"#)
        try check("POST", "/v1/conversations", started)
        try check("POST", "/v1/conversations", try await server.post("/v1/conversations", "[1,"))
        let id = try #require(try server.json(started)["id"]?.string)
        for text in ["open list o mat", "add milk", "hello world"] {
            try check("POST", "/v1/conversations/{id}/turns", try await server.post("/v1/conversations/\(id)/turns", JSONWriter.string(["text": .string(text)])))
        }
        try check("POST", "/v1/conversations/{id}/turns", try await server.post("/v1/conversations/\(id)/turns?inspect=true", #"{"text":"purple elephants"}"#))
        try check("POST", "/v1/conversations/{id}/turns", try await server.post("/v1/conversations/\(id)/turns", #"{"words":"hello"}"#))
        try check("POST", "/v1/conversations/{id}/turns", try await server.post("/v1/conversations/nothing/turns", #"{"text":"hello"}"#))
        try check("GET", "/v1/skills", try await server.get("/v1/skills"))
        try check("POST", "/v1/skills/{skill}/reload", try await server.post("/v1/skills/HelloWorld/reload", ""))
        try check("POST", "/v1/skills/{skill}/reload", try await server.post("/v1/skills/Nothing/reload", ""))
        try check("GET", "/v1/skills/{skill}/model", try await server.get("/v1/skills/ListOMat/model"))
        try check("GET", "/v1/skills/{skill}/model", try await server.get("/v1/skills/Nothing/model"))
        try check("POST", "/v1/parse", try await server.post("/v1/parse", #"{"text":"add milk to the shopping list"}"#))
        try check("POST", "/v1/parse", try await server.post("/v1/parse", #"{"words":"hello"}"#))
        try check("POST", "/v1/replay", try await server.post("/v1/replay", #"{"transcript":"you> open hello world\nHelloWorld> Hello!\n"}"#))
        try check("POST", "/v1/replay", try await server.post("/v1/replay", #"{"transcript":"HelloWorld> no you> line first"}"#))
        let group = "group.com.app-o-mat.ListOMat"
        try check("GET", "/v1/storage", try await server.get("/v1/storage"))
        try check("GET", "/v1/storage/{container}", try await server.get("/v1/storage/\(group)"))
        try check("GET", "/v1/storage/{container}", try await server.get("/v1/storage/not%20one"))
        let written = try await HTTPClient.request("PUT", port: server.port, "/v1/storage/\(group)/notes", json: #"{"value": {"a": 1}, "version": null}"#)
        try check("PUT", "/v1/storage/{container}/{key}", written)
        try check("PUT", "/v1/storage/{container}/{key}", try await HTTPClient.request("PUT", port: server.port, "/v1/storage/\(group)/notes", json: #"{"value": {"a": 2}, "version": "stale"}"#))
        try check("PUT", "/v1/storage/{container}/{key}", try await HTTPClient.request("PUT", port: server.port, "/v1/storage/\(group)/notes", json: #"{"value": 3}"#))
        try check("GET", "/v1/storage/{container}/{key}", try await server.get("/v1/storage/\(group)/notes"))
        try check("GET", "/v1/storage/{container}/{key}", try await server.get("/v1/storage/\(group)/missing"))
        for asset in ["/", "/console.js", "/console.css"] { try check("GET", asset, try await server.get(asset)) }
        try check("GET", "/v1/conversations/{id}", try await server.get("/v1/conversations/\(id)"))
        try check("GET", "/v1/conversations/{id}", try await server.get("/v1/conversations/nothing"))
        try check("GET", "/v1/conversations/{id}/events", try await server.get("/v1/conversations/nothing/events"))
        let ended = try await HTTPClient.request("DELETE", port: server.port, "/v1/conversations/\(id)")
        try check("DELETE", "/v1/conversations/{id}", ended)
        try check("DELETE", "/v1/conversations/{id}", try await HTTPClient.request("DELETE", port: server.port, "/v1/conversations/\(id)"))
        let envelope = #"{"version":"1.0","session":{"new":true,"sessionId":"s","application":{"applicationId":"a"},"attributes":{},"user":{"userId":"u"}},"context":{"System":{"application":{"applicationId":"a"},"user":{"userId":"u"},"device":{"deviceId":"d","supportedInterfaces":{}},"apiEndpoint":"https://api.amazonalexa.com"}},"request":{"type":"LaunchRequest","requestId":"r","timestamp":"2026-11-23T00:00:00Z","locale":"en-US"}}"#
        try check("POST", "/alexa/{skill}", try await server.post("/alexa/com.skillhost.examples.helloworld", envelope))
        try check("POST", "/alexa/{skill}", try await server.post("/alexa/nothing", envelope))
        try check("POST", "/alexa", try await server.post("/alexa", envelope))
        try check("POST", "/alexa", try await server.post("/alexa", "{"))
        #expect(checked == 40)
        await server.expectCleanStop()
    }

    /// A `$ref` followed to what it names in the document.
    static func resolve(_ value: JSONValue) -> JSONValue {
        guard let reference = value["$ref"]?.string, reference.hasPrefix("#/") else { return value }
        var target = document
        for part in reference.dropFirst(2).split(separator: "/") { target = target[String(part)] ?? .null }
        return resolve(target)
    }

    /// What in `value` does not fit `schema` (the subset the document uses: type, required,
    /// properties, additionalProperties, items), by JSON path; empty when it fits.
    static func validate(_ value: JSONValue, against schema: JSONValue, at path: String) -> [String] {
        let schema = resolve(schema)
        let types = schema["type"]?.array?.compactMap(\.string) ?? schema["type"]?.string.map { [$0] } ?? []
        let type: String = switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.intValue != nil ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
        guard types.isEmpty || types.contains(type) || (type == "integer" && types.contains("number")) else {
            return ["\(path) is \(type), documented as \(types.joined(separator: " or "))"]
        }
        var problems: [String] = []
        if case .object(let object) = value {
            for name in schema["required"]?.array?.compactMap(\.string) ?? [] where object[name] == nil {
                problems.append("\(path).\(name) is missing")
            }
            let properties = schema["properties"]?.object
            for (name, member) in object.members {
                if let property = properties?[name] {
                    problems += validate(member, against: property, at: "\(path).\(name)")
                } else if let additional = schema["additionalProperties"], additional != .bool(true) {
                    problems += additional == .bool(false) ? ["\(path).\(name) is not documented"] : validate(member, against: additional, at: "\(path).\(name)")
                } else if properties != nil, schema["additionalProperties"] == nil {
                    problems.append("\(path).\(name) is not documented")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() { problems += validate(item, against: itemSchema, at: "\(path)[\(index)]") }
        }
        return problems
    }
}
