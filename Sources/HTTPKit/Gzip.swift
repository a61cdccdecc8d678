import CZlib

/// gzip (RFC 1952) for answers sent with `Content-Encoding: gzip`, inflated through zlib.
enum Gzip {
    enum Failure: Error, Equatable {
        /// Not a gzip stream, a damaged one, or one cut short.
        case notGzip
        /// It would inflate beyond the limit.
        case tooLarge
    }

    /// What `bytes` inflate to: 16 KiB at a time, stopping as soon as the next step would pass `limit`, so a small
    /// body that would inflate to gigabytes costs no more than `limit` bytes. Several members in a row (RFC 1952
    /// allows that) read as one; anything after the last one that is not gzip fails.
    static func inflate(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        // zlib keeps the stream's address in its state and checks it at every call: the stream must not move.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard czlib_inflate_init_gzip(stream) == Z_OK else { throw .notGzip }
        defer { inflateEnd(stream) }
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(Failure) -> [UInt8] in
                guard let start = input.baseAddress, !input.isEmpty else { throw .notGzip }
                stream.pointee.next_in = UnsafeMutablePointer(mutating: start)
                stream.pointee.avail_in = UInt32(input.count)
                return try inflate(stream, limit: limit)
            }
        }
        return try result.get()
    }

    private static func inflate(_ stream: UnsafeMutablePointer<z_stream>, limit: Int) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        var step = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let status = step.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = UInt32(out.count)
                return CZlib.inflate(stream, Z_NO_FLUSH)
            }
            let produced = step.count - Int(stream.pointee.avail_out)
            guard output.count + produced <= limit else { throw .tooLarge }
            output.append(contentsOf: step[..<produced])
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                if stream.pointee.avail_in == 0 { return output }
                guard inflateReset(stream) == Z_OK else { throw .notGzip }
            default:
                // Z_DATA_ERROR (not gzip, or damaged), Z_BUF_ERROR (the input ended mid-stream), Z_MEM_ERROR and the rest.
                throw .notGzip
            }
        }
    }
}
