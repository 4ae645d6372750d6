import Loader
import NLU
import SkillModel

extension HostEngine {
    /// A loaded skill's interaction model as the console shows it, by intent: samples, slots
    /// (type, the samples that answer its question), the dialog's rules with their prompts'
    /// words; the slot types with values and synonyms; and what `nlu check` finds in the model
    /// as the library gave it, with JSON paths (`problems` is null for a skill whose model
    /// text the host does not keep: one in a runner process, a model file). Nil when no
    /// loaded skill answers to `name`.
    public func modelView(of name: String) -> JSONValue? {
        guard let entry = registry.entries(named: name).first else { return nil }
        let model = entry.skill.model
        func prompt(_ id: String?) -> JSONValue {
            guard let id else { return .null }
            return ["id": .string(id), "variations": .array((model.dialog.prompts[id] ?? []).map(JSONValue.string))]
        }
        let intents: [JSONValue] = model.intents.map { intent in
            let dialog = model.dialog.intents.first { $0.name == intent.name }
            let slots: [JSONValue] = intent.slots.map { slot in
                let rules = dialog?.slot(named: slot.name)
                return [
                    "name": .string(slot.name.rawValue),
                    "type": .string(slot.type.rawValue),
                    "multipleValues": .bool(slot.multipleValues),
                    "samples": .array(slot.samples.map(JSONValue.string)),
                    "elicitation": rules?.elicitationRequired == true ? prompt(rules?.elicitationPrompt) : .null,
                    "confirmation": rules?.confirmationRequired == true ? prompt(rules?.confirmationPrompt) : .null,
                    "validations": .number(JSONNumber(rules?.validations.count ?? 0)),
                ]
            }
            let strategy = dialog?.delegationStrategy ?? model.dialog.delegationStrategy
            return [
                "name": .string(intent.name.rawValue),
                "samples": .array(intent.samples.map(JSONValue.string)),
                "slots": .array(slots),
                "delegation": strategy.map { .string($0.rawValue) } ?? .null,
                "confirmation": dialog?.confirmationRequired == true ? prompt(dialog?.confirmationPrompt) : .null,
            ]
        }
        let types: [JSONValue] = model.types.map { type in
            [
                "name": .string(type.name.rawValue),
                "values": .array(type.values.map { value in ["value": .string(value.value), "synonyms": .array(value.synonyms.map(JSONValue.string))] }),
            ]
        }
        let problems: JSONValue = (entry.skill as? LoadedSkill).map { skill in
            .array(ModelLinter.check(skill.modelJSON).map { ["severity": .string($0.severity.rawValue), "path": .string($0.path), "message": .string($0.message)] })
        } ?? .null
        return [
            "skill": .string(entry.id.rawValue),
            "name": .string(entry.name),
            "invocationName": .string(model.invocationName),
            "intents": .array(intents),
            "types": .array(types),
            "problems": problems,
        ]
    }
}
