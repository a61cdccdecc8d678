import FoundationEssentials

/// Reads one HTTP/1.1 response from bytes as they arrive: the status line, the headers, and a body framed by
/// `Content-Length`, by chunked transfer coding, or by the end of the connection. Interim (1xx) responses are skipped.
/// A gzip body (`Content-Encoding: gzip`) is inflated once complete.
struct HTTPResponseParser {
    enum Failure: Error, Equatable {
        /// Not HTTP/1.x, or framing that cannot be trusted.
        case malformed
        /// The connection ended before the response was complete.
        case truncated
        /// Headers (with trailers and chunk extensions) over 64 KiB, a line over 8 KiB, or a body over 1 MiB as sent
        /// or once inflated.
        case tooLarge
        /// A successful answer in a transfer or content coding this client did not ask for and cannot read (br, say).
        case unsupportedCoding
        /// A successful answer that says it is gzip and is not, or is damaged or cut short.
        case notGzip
    }

    /// The cap on what frames the body rather than carrying it: the status line and headers, the trailers after a
    /// chunked body, and chunk extensions, together. An answer of the providers' sends about 1 KiB.
    static let maximumHeadBytes = 64 * 1024
    static let maximumLineBytes = 8 * 1024
    /// The default cap on a body, as sent and as inflated: about 60 times the largest real answer (a forecast:
    /// 16 KiB, or 2.5 KiB as gzip). A request can ask for a smaller one.
    static let maximumBodyBytes = HTTPResponse.defaultMaximumBytes
    /// This response's cap.
    private let maximumBytes: Int

    private enum Stage: Equatable {
        case statusLine
        case headers
        case body(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
        case untilClose
        case complete
    }

    private var pending: [UInt8] = []
    private var stage = Stage.statusLine
    private var headBytes = 0
    private var status = 0
    /// The minor version of HTTP/1.x.
    private var minorVersion = 1
    private var headers: [String: String] = [:]
    private var body: [UInt8] = []
    /// The whole response once complete, its body inflated if it was gzip.
    private(set) var response: HTTPResponse?
    /// Where the search for the current line's end resumes, so bytes arriving one by one are scanned once.
    private var scanned = 0

    /// True for the answer to a CONNECT: a 2xx opens a tunnel and has no body.
    private let tunnel: Bool

    init(tunnel: Bool = false, maximumBytes: Int = HTTPResponseParser.maximumBodyBytes) {
        self.maximumBytes = maximumBytes
        self.tunnel = tunnel
    }

    /// True when the connection must not carry another request: the server said it will close it, the body runs
    /// until it does, the answer is HTTP/1.0 (whose connections close unless both sides agreed otherwise), it
    /// carried both `Content-Length` and `Transfer-Encoding` (one of them lied: RFC 9112 §6.3), or bytes came
    /// after its end (they belong to no request, and the next answer read there would be off by them).
    var closesConnection: Bool {
        headers["connection"]?.lowercased().contains("close") == true || stage == .untilClose || minorVersion == 0
            || (headers["content-length"] != nil && headers["transfer-encoding"] != nil)
            || (stage == .complete && !pending.isEmpty)
    }

    /// Takes the next bytes from the connection; returns true once the whole response is in.
    @discardableResult
    mutating func append(_ bytes: some Collection<UInt8>) throws(Failure) -> Bool {
        pending.append(contentsOf: bytes)
        var offset = 0
        defer {
            pending.removeFirst(offset)
            scanned = max(0, scanned - offset)
        }
        while offset < pending.count || stage == .complete {
            switch stage {
            case .statusLine, .headers, .chunkSize, .chunkEnd, .trailers:
                guard let (line, next) = try line(from: offset) else { return false }
                offset = next
                try take(line)
            case .body(let remaining), .chunkData(let remaining):
                let count = min(remaining, pending.count - offset)
                try keep(pending[offset..<(offset + count)])
                offset += count
                let left = remaining - count
                if case .body = stage {
                    stage = left == 0 ? .complete : .body(remaining: left)
                } else {
                    stage = left == 0 ? .chunkEnd : .chunkData(remaining: left)
                }
            case .untilClose:
                try keep(pending[offset...])
                offset = pending.count
            case .complete:
                if response == nil { response = try completed() }
                return true
            }
        }
        return false
    }

    /// The response at the end of the connection, if it is whole.
    mutating func finish() throws(Failure) -> HTTPResponse {
        if stage == .untilClose { stage = .complete }
        guard stage == .complete else { throw .truncated }
        if let response { return response }
        let whole = try completed()
        response = whole
        return whole
    }

    /// The complete response, its body decoded. The status comes first: an answer that is not a success (a 401,
    /// a 503) stands with its status and headers even when its body is in a coding that cannot be read (the body
    /// is then left out); only a success's body must be readable.
    private func completed() throws(Failure) -> HTTPResponse {
        var headers = headers
        var decoded = body
        if !body.isEmpty, let coding = headers["content-encoding"] {
            let codings = coding.lowercased().split(separator: ",").map(\.trimmed).filter { !$0.isEmpty && $0 != "identity" }
            do throws(Failure) {
                if codings == ["gzip"] || codings == ["x-gzip"] {
                    do throws(Gzip.Failure) {
                        decoded = try Gzip.inflate(body, limit: maximumBytes)
                    } catch {
                        throw error == .tooLarge ? .tooLarge : .notGzip
                    }
                } else if !codings.isEmpty {
                    throw .unsupportedCoding
                }
            } catch where !(200..<300).contains(status) {
                decoded = []
            }
            headers["content-encoding"] = nil
        }
        return HTTPResponse(status: status, headers: headers, body: Data(decoded))
    }

    /// The next line (without CR LF, or a bare LF) and the offset after it, or nil until it has fully arrived.
    private mutating func line(from offset: Int) throws(Failure) -> (ArraySlice<UInt8>, Int)? {
        guard let newline = pending[max(offset, scanned)...].firstIndex(of: 10) else {
            if pending.count - offset > Self.maximumLineBytes { throw .tooLarge }
            scanned = pending.count
            return nil
        }
        scanned = newline + 1
        var end = newline
        if end > offset, pending[end - 1] == 13 { end -= 1 }
        guard newline - offset <= Self.maximumLineBytes else { throw .tooLarge }
        return (pending[offset..<end], newline + 1)
    }

    private mutating func take(_ line: ArraySlice<UInt8>) throws(Failure) {
        switch stage {
        case .statusLine, .headers, .trailers:
            headBytes += line.count + 2
        case .chunkSize:
            headBytes += line.count - line.prefix { $0 != UInt8(ascii: ";") }.count  // an extension, read and ignored
        default:
            break
        }
        guard headBytes <= Self.maximumHeadBytes else { throw .tooLarge }
        switch stage {
        case .statusLine:
            try readStatus(line)
            stage = .headers
        case .headers:
            if line.isEmpty {
                try startBody()
            } else {
                try readHeader(line)
            }
        case .chunkSize:
            let size = line.prefix { $0 != UInt8(ascii: ";") }
            let digits = String(decoding: size, as: UTF8.self).trimmed
            guard (1...8).contains(digits.count), digits.utf8.allSatisfy(\.isHexDigit), let count = Int(digits, radix: 16)
            else { throw .malformed }
            stage = count == 0 ? .trailers : .chunkData(remaining: count)
        case .chunkEnd:
            guard line.isEmpty else { throw .malformed }
            stage = .chunkSize
        case .trailers:
            if line.isEmpty { stage = .complete }
        default:
            break
        }
    }

    private mutating func readStatus(_ line: ArraySlice<UInt8>) throws(Failure) {
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
            let code = Int(parts[1]), (100...599).contains(code)
        else { throw .malformed }
        status = code
        minorVersion = parts[0] == "HTTP/1.0" ? 0 : 1
        headers = [:]
    }

    private mutating func readHeader(_ line: ArraySlice<UInt8>) throws(Failure) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { throw .malformed }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        guard !name.contains(where: { $0 == " " || $0 == "\t" }) else { throw .malformed }
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmed
        if let earlier = headers[name] {
            headers[name] = earlier + ", " + value
        } else {
            headers[name] = value
        }
    }

    private mutating func startBody() throws(Failure) {
        if (100..<200).contains(status) {
            // An interim answer (100 Continue, 103 Early Hints): the real one follows.
            stage = .statusLine
            return
        }
        // The same length twice ("2, 2", or two fields) is valid (RFC 9110 §8.6); two different ones leave the body's
        // end ambiguous.
        let length = try headers["content-length"].map { (text) throws(Failure) -> Int in
            let lengths = Set(text.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmed))
            guard lengths.count == 1, let only = lengths.first, (1...12).contains(only.count), only.utf8.allSatisfy(\.isDigit),
                let count = Int(only)
            else { throw .malformed }
            return count
        }
        if status == 204 || status == 304 || (tunnel && (200..<300).contains(status)) {
            stage = .complete
        } else if let coding = headers["transfer-encoding"]?.lowercased() {
            guard coding == "chunked" else { throw .unsupportedCoding }
            stage = .chunkSize
        } else if let count = length {
            guard count <= maximumBytes else { throw .tooLarge }
            stage = count == 0 ? .complete : .body(remaining: count)
        } else {
            stage = .untilClose
        }
    }

    private mutating func keep(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        guard body.count + bytes.count <= maximumBytes else { throw .tooLarge }
        body.append(contentsOf: bytes)
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (48...57).contains(self) }
    fileprivate var isHexDigit: Bool { isDigit || (65...70).contains(self) || (97...102).contains(self) }
}

extension StringProtocol {
    /// The text without leading and trailing white space, in pure Swift (Foundation's trimming goes through NSString).
    var trimmed: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        return String(self[start..<(lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start)])
    }
}
