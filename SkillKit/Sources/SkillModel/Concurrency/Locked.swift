#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A pthread mutex guarding a section of code: for what has no value of its own to guard
/// (one exchange with a runner at a time). A pthread mutex rather than Synchronization's
/// `Mutex`, whose futex ThreadSanitizer cannot see (the standard library is not
/// instrumented), so that `scripts/sanitize.sh thread` reports real races only.
public final class PlainLock: @unchecked Sendable {
    // @unchecked: the mutex is what makes the sections exclusive.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` under the lock.
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` under the lock if nobody holds it now; nil, without waiting, if somebody does.
    public func withLockIfAvailable<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value only reached under a lock (a `PlainLock`): the project's `Mutex`. A section with
/// no value to guard takes a `PlainLock` itself: ThreadSanitizer takes the access to a value of
/// no size, which has no storage of its own, for a write to the object's first bytes, which
/// every caller reads to lock.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written under `lock`.
    private let lock = PlainLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }

    /// Runs `body` under the lock if nobody holds it now; nil, without waiting, if somebody does.
    public func withLockIfAvailable<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result? {
        try lock.withLockIfAvailable { () throws(Failure) -> Result in try body(&value) }
    }
}
