import Foundation
import Synchronization
import WeatherCoreTesting

// weather-loopback: the tests' loopback servers, for scripts/bench.py. Serves every provider (FakeProviders.anyPlace:
// the project's fixtures, every name a place of its own) on four servers, prints their base URLs as one JSON line, then
// reads commands on standard input, one a line, each answered by one JSON line, until standard input closes:
//
//   latency SECONDS     every later request is answered that much later (0: at once)
//   hostile NAME        every later answer is NAME instead: bomb (16 MiB of `[{},{},…]`), bomb-gzip (the same as gzip),
//                       largest (1 MiB of it, the largest answer the program takes), none (the fixtures again)
//   air off|on          Open-Meteo's air quality answers 404, as the servers did before they served it (the air
//                       falls back to OpenWeather's at once, never retried), or again the fixture (the default)
//   reset               forgets the requests and bytes counted so far
//   stats               requests by path and bytes sent, by server, since the last reset
//
// Loopback only (127.0.0.1, ephemeral ports), as the tests.

/// What the commands change, read by the servers' handlers on their connection threads.
final class Control: Sendable {
    let latency = Mutex(0.0)
    let hostile = Mutex<Data?>(nil)
    let airDown = Mutex(false)

    func answer(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let delay = latency.withLock { $0 }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        if request.path == "/v1/air-quality", airDown.withLock({ $0 }) {
            return .json("{\"error\":true,\"reason\":\"Not found\"}", status: 404)
        }
        let reply = FakeProviders.anyPlace(request)
        guard case .respond = reply, let raw = hostile.withLock({ $0 }) else { return reply }
        return .raw(raw)  // sent as it is: never compressed again by the server
    }
}

/// A hostile answer: 200, `body` with its length, `Content-Encoding` when it is gzip, then the connection closes.
func hostileAnswer(_ body: Data, gzip: Bool) -> Data {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        + (gzip ? "Content-Encoding: gzip\r\n" : "") + "Connection: close\r\n\r\n"
    return Data(head.utf8) + body
}

/// `[{},{},…,{}]` of `size` bytes at most.
func emptyObjects(_ size: Int) -> Data {
    Data("[".utf8) + Data(String(repeating: "{},", count: (size - 4) / 3).utf8) + Data("{}]".utf8)
}

func emit(_ value: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

let control = Control()
let certificate = Fixtures.folder.appendingPathComponent("tls/localhost-cert.pem").path
let identity = LoopbackServer.Identity(certificate: certificate, key: Fixtures.folder.appendingPathComponent("tls/localhost-key.pem").path)
let servers: [(String, LoopbackServer)]
do {
    servers = [
        // Gzip to a request that asks for it, as real servers send; and never, for the bytes an uncompressed answer costs.
        ("http", try LoopbackServer(handler: control.answer)),
        ("http_plain", try LoopbackServer(gzip: false, handler: control.answer)),
        // TLS with the tests' certificate: one connection a request, and connections kept open (the real-link section).
        ("https", try LoopbackServer(identity: identity, handler: control.answer)),
        ("https_keep_alive", try LoopbackServer(identity: identity, keepAlive: true, handler: control.answer)),
    ]
} catch {
    FileHandle.standardError.write(Data("weather-loopback: cannot start the servers: \(error)\n".utf8))
    exit(1)
}
var baseline = [String: Int]()
var started: [String: Any] = ["certificate": certificate]
for (name, server) in servers {
    started[name] = server.baseURL
    baseline[name] = 0
}
emit(started)

while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    switch (words.first ?? "", words.count) {
    case ("latency", 2):
        guard let seconds = Double(words[1]), seconds >= 0 else { emit(["error": "latency: not a number of seconds"]); continue }
        control.latency.withLock { $0 = seconds }
        emit(["latency": seconds])
    case ("hostile", 2):
        let bomb = emptyObjects(16 * 1_048_576)
        let body: (Data, Bool)? =
            switch words[1] {
            case "bomb": (bomb, false)
            case "bomb-gzip": (LoopbackServer.gzip(bomb), true)
            case "largest": (emptyObjects(1_048_576), false)
            default: nil
            }
        control.hostile.withLock { $0 = body.map { hostileAnswer($0.0, gzip: $0.1) } }
        emit(["hostile": words[1], "bytes": body?.0.count ?? 0])
    case ("air", 2) where ["on", "off"].contains(words[1]):
        control.airDown.withLock { $0 = words[1] == "off" }
        emit(["air": words[1]])
    case ("reset", 1):
        for (name, server) in servers {
            server.resetLog()
            baseline[name] = server.bytesSent
        }
        emit(["reset": true])
    case ("stats", 1):
        var stats: [String: Any] = [:]
        for (name, server) in servers {
            let paths = Dictionary(server.requests.map { ($0.path, 1) }, uniquingKeysWith: +)
            stats[name] = ["requests": paths, "bytes": server.bytesSent - (baseline[name] ?? 0)]
        }
        emit(stats)
    default:
        emit(["error": "unknown command: \(line)"])
    }
}
for (_, server) in servers { server.stop() }
