import Foundation

/// A thread of the service APIs' own, on which library skills' calls are answered (a
/// `TaskExecutor`: the answering code's tasks run here, not in Swift's cooperative pool). A
/// turn of an isolated skill holds a pool thread while its runner works, and the runner may be
/// waiting on a service API call; answered from the pool, enough such turns at once would wait
/// on each other until their deadlines.
final class ServiceThread: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is read and written under `condition` only.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(name: String) {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }
}
