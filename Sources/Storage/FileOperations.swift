import Glibc

/// The system calls a write goes through, so that tests can make any one of them fail the
/// way a full or failing disk does (a real tmpfs is tested too, where the machine allows
/// mounting one). Each returns what the system call returns and sets `errno` on failure.
public protocol FileOperations: Sendable {
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    func fsync(_ descriptor: Int32) -> Int32
    func rename(_ directory: Int32, from: String, to: String) -> Int32
}

/// The real system calls.
public struct SystemFileOperations: FileOperations {
    public init() {}

    public func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    }

    public func fsync(_ descriptor: Int32) -> Int32 { Glibc.fsync(descriptor) }

    public func rename(_ directory: Int32, from: String, to: String) -> Int32 {
        renameat(directory, from, directory, to)
    }
}
