#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value only reached under a lock: the project's `Mutex`. A pthread mutex rather than
/// Synchronization's `Mutex`, whose futex ThreadSanitizer cannot see (the standard library is
/// not instrumented), so that `scripts/sanitize.sh thread` reports real races only: with the
/// futex one, the accesses it guarded were reported as races. Uncontended, both cost about
/// the same.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written between lock and unlock of `mutex`.
    // `mutex` comes first: a value of no size (a lock guarding nothing but its section) then
    // lies past it, where ThreadSanitizer does not take the section's access to the value for a
    // write to the pointer, read unlocked by every caller to lock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` under the lock if nobody holds it now; nil, without waiting, if somebody does.
    public func withLockIfAvailable<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
