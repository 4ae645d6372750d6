import Dispatch
import SkillModel

extension SkillNLU {
    /// Many skills' NLUs, trained side by side: each skill's training is its own and comes out
    /// the same whichever finishes first, and its parts' jobs (`StatisticalNLU`) leave cores
    /// idle between them. HWU64's 18 skills at full size on two cores (`skillhost-nlu-bench
    /// --only speed`): 6.6 s one after another, 4.9 s side by side.
    /// - Parameter models: each skill's id and model, in the order the NLUs come back.
    public static func many(_ models: [(skillID: SkillID, model: InteractionModel)], cache: NLUCache? = nil) -> [SkillNLU] {
        let trained = Locked<[Int: SkillNLU]>([:])
        DispatchQueue.concurrentPerform(iterations: models.count) { i in
            let nlu = SkillNLU(skillID: models[i].skillID, model: models[i].model, cache: cache)
            trained.withLock { $0[i] = nlu }
        }
        return trained.withLock { trained in models.indices.map { trained[$0]! } }
    }
}
