import Glibc

/// The open file descriptors of this process, read from `/proc/self/fd`, for leak checks.
///
/// Tests run in parallel in one process, so a raw count would see other tests' sockets and buffers come and go.
/// Leak checks therefore look for descriptors of one identity only: a socket's inode (`socket:[N]`), or a
/// memfd's unique name (`/memfd:NAME (deleted)`).
enum FileDescriptorCensus {
    /// The `readlink` target of every open descriptor (the directory's own descriptor included).
    static func targets() -> [String] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var buffer = [CChar](repeating: 0, count: 512)
            let length = readlink("/proc/self/fd/\(name)", &buffer, buffer.count - 1)
            guard length > 0 else { continue }
            result.append(String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return result
    }

    /// How many open descriptors have a target containing `identity`.
    static func count(containing identity: String) -> Int {
        targets().filter { $0.contains(identity) }.count
    }

    /// The `/proc/self/fd` target of a socket descriptor, `socket:[inode]`, or nil when `fd` is not open.
    static func socketIdentity(of fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return "socket:[\(info.st_ino)]"
    }
}
