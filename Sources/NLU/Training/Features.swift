/// The features the classifier and the tagger read, as stable hashes.
enum Features {
    /// Sentence features for intent classification: words, word pairs, character 4- and
    /// 5-grams of each word (so "playlists" shares with "playlist"), listed slot values by
    /// type, word classes and place names.
    /// - Parameter wordClasses: add word classes and place names (the lexical classifier
    ///   reads them; the readings of a sentence with its slots replaced need not).
    static func sentence(_ words: [String], gazetteer: [Gazetteer.Match], wordClasses: Bool = false, placeTags: [[UInt64]]? = nil) -> [UInt64] {
        var features: [UInt64] = [StableHash("bias").value]
        var previous = "<s>"
        for word in words {
            features.append(StableHash.of("w", word))
            var pair = StableHash("b")
            pair.combine(previous)
            pair.combine(word)
            features.append(pair.value)
            previous = word
            addCharacterGrams(of: word, to: &features)
        }
        var last = StableHash("b")
        last.combine(previous)
        last.combine("</s>")
        features.append(last.value)
        for match in gazetteer {
            var typeFeature = StableHash("g")
            typeFeature.combine(match.type)
            features.append(typeFeature.value)
        }
        // Which kinds of words it has (times, dates, numbers, places) say something too.
        if wordClasses {
            for word in words {
                for wordClass in Lexicon.classes(of: word) { features.append(StableHash.of("slex", wordClass.rawValue)) }
            }
            for tags in placeTags ?? places(words) { features += tags }
        }
        return features
    }

    /// Whether the words ask a question: they open (after a filler) with a question word, a
    /// form of "be", or "do" or "have" before who or what is asked of ("did i leave the garage
    /// open", "have i seen a bald eagle"; not "do another"). A modal's question asks for
    /// something done ("can you open the garage"), as a command does.
    static func asks(_ words: [String]) -> Bool {
        guard let start = words.firstIndex(where: { !askFillers.contains($0) }) else { return false }
        let first = words[start]
        if askOpeners.contains(first) { return true }
        guard auxiliaryOpeners.contains(first), start + 1 < words.count else { return false }
        return askedSubjects.contains(words[start + 1])
    }

    /// `SkillNLU.isQuestion`'s words, with what a sample or a spoken sentence adds: hesitations,
    /// "whose", the forms of "be" that open a question alone, and who or what a question is
    /// asked of besides a pronoun. Not its modals: "can you …" asks for something done.
    static let askFillers = SkillNLU.questionFillers.union(["um", "uh"])
    static let askOpeners = SkillNLU.questionWords.union(SkillNLU.questionContractions)
        .union(["whose", "whats", "is", "are", "was", "were", "am", "isn't", "aren't", "wasn't", "weren't"])
    static let auxiliaryOpeners: Set<String> = ["do", "does", "did", "have", "has", "had", "don't", "doesn't", "didn't", "haven't", "hasn't", "should", "shall"]
    static let askedSubjects = SkillNLU.subjects.union(["the", "my", "our", "your", "anyone", "anybody", "everyone", "someone"])

    /// The sentence's meaning, of length 1; empty without word vectors.
    static func meaning(_ words: [String]) -> [Float] {
        WordVectors.shipped?.meaning(of: words) ?? []
    }

    /// Whether the word vectors know the word whole (`WordVectors.knows`); false without them.
    static func knowsWord(_ word: String) -> Bool {
        WordVectors.shipped?.knows(word) ?? false
    }

    /// How near two meanings are (cosine, -1...1), or nil when either is missing.
    static func nearness(_ meaning: [Float], _ other: [Float]) -> Float? {
        guard !meaning.isEmpty, meaning.count == other.count else { return nil }
        return zip(meaning, other).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// Per-word features for slot tagging: the word and its neighbours, shape, affixes,
    /// whether it reads as a number, and listed values it is part of.
    static func tokens(surfaces: [String], words: [String], gazetteer: [Gazetteer.Match]) -> [[UInt64]] {
        var all = tokens(surfaces: surfaces, words: words)
        addGazetteer(gazetteer, to: &all)
        return all
    }

    /// Adds, to each word inside a listed value, which type lists it and where in the value
    /// the word stands.
    static func addGazetteer(_ matches: [Gazetteer.Match], to features: inout [[UInt64]]) {
        for match in matches {
            for i in match.start..<match.end {
                var feature = StableHash(i == match.start ? "gB" : "gI")
                feature.combine(match.type)
                features[i].append(feature.value)
                var edge = StableHash(i == match.end - 1 ? "gE" : "gM")
                edge.combine(match.type)
                features[i].append(edge.value)
            }
        }
    }

    /// Character 4- and 5-grams of "^word$", hashed straight from the UTF-8 bytes. (Dev split,
    /// 70 per intent: intent 0.916 with 3- and 4-grams, 0.919 with 4- and 5-grams; 3-grams
    /// let "eat" vote for whatever intent says "weather".)
    private static func addCharacterGrams(of word: String, to features: inout [UInt64]) {
        var bounded = "^" + word + "$"
        bounded.withUTF8 { bytes in
            let starts = scalarStarts(bytes)
            for n in 4...5 where starts.count - 1 >= n {
                for i in 0...(starts.count - 1 - n) {
                    var gram = StableHash("c")
                    gram.combine(UnsafeBufferPointer(rebasing: bytes[starts[i]..<starts[i + n]]))
                    features.append(gram.value)
                }
            }
        }
    }

    /// Prefixes and suffixes of 2 to 4 characters of a word longer than that.
    private static func addAffixes(of word: String, to features: inout [UInt64]) {
        var word = word
        word.withUTF8 { bytes in
            let starts = scalarStarts(bytes)
            let length = starts.count - 1
            for n in 2...4 where length > n {
                var prefix = StableHash("prefix")
                prefix.combine(UnsafeBufferPointer(rebasing: bytes[0..<starts[n]]))
                features.append(prefix.value)
                var suffix = StableHash("suffix")
                suffix.combine(UnsafeBufferPointer(rebasing: bytes[starts[length - n]..<bytes.count]))
                features.append(suffix.value)
            }
        }
    }

    /// Byte offsets where each Unicode scalar starts, plus the end.
    private static func scalarStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count + 1)
        for (i, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { starts.append(i) }
        starts.append(bytes.count)
        return starts
    }

    /// Per-word features without the gazetteer.
    static func tokens(surfaces: [String], words: [String], placeTags known: [[UInt64]]? = nil) -> [[UInt64]] {
        let count = words.count
        func word(_ i: Int) -> String { i < 0 ? "<s>" : i >= count ? "</s>" : words[i] }
        let placeTags = known ?? places(words)
        let classes = words.map(Lexicon.classes(of:))
        let shapes = surfaces.map { Self.shape($0) }
        func shape(at i: Int) -> String { i < 0 ? "<s>" : i >= count ? "</s>" : shapes[i] }
        var all: [[UInt64]] = []
        all.reserveCapacity(count)
        for i in 0..<count {
            let w = words[i]
            var features: [UInt64] = [StableHash("bias").value]
            features.append(StableHash.of("w0", w))
            features.append(StableHash.of("w-1", word(i - 1)))
            features.append(StableHash.of("w+1", word(i + 1)))
            features.append(StableHash.of("w-2", word(i - 2)))
            features.append(StableHash.of("w+2", word(i + 2)))
            var left = StableHash("w-1w0")
            left.combine(word(i - 1))
            left.combine(w)
            features.append(left.value)
            var right = StableHash("w0w+1")
            right.combine(w)
            right.combine(word(i + 1))
            features.append(right.value)
            var around = StableHash("w-1w+1")
            around.combine(word(i - 1))
            around.combine(word(i + 1))
            features.append(around.value)
            features.append(StableHash.of("shape", shape(at: i)))
            features.append(StableHash.of("shape-1", shape(at: i - 1)))
            features.append(StableHash.of("shape+1", shape(at: i + 1)))
            // Where the shape changes ("to Funky": lower-case, then capitalised) a value often
            // starts. (Dev split, 70 per intent, mean over seven seeds: slot F1 0.8436 -> 0.8460,
            // intent 0.9487 -> 0.9495.)
            var change = StableHash("shape-1shape0")
            change.combine(shape(at: i - 1))
            change.combine(shape(at: i))
            features.append(change.value)
            addAffixes(of: w, to: &features)
            if NumberWords.value(of: [w]) != nil { features.append(StableHash("num").value) }
            for (offset, name) in [(0, "lex0"), (-1, "lex-1"), (1, "lex+1")] where i + offset >= 0 && i + offset < count {
                for wordClass in classes[i + offset] {
                    var feature = StableHash("lex")
                    feature.combine(name)
                    feature.combine(wordClass.rawValue)
                    features.append(feature.value)
                }
            }
            for place in placeTags[i] { features.append(place) }
            if i == 0 { features.append(StableHash("first").value) }
            if i == count - 1 { features.append(StableHash("last").value) }
            all.append(features)
        }
        return all
    }

    /// Per word, features for the place names it is part of (longest match at each start).
    static func places(_ words: [String]) -> [[UInt64]] {
        var tags = [[UInt64]](repeating: [], count: words.count)
        var start = 0
        while start < words.count {
            var key = ""
            var found: (end: Int, kinds: [String])?
            for end in start..<min(words.count, start + 5) {
                key += (end == start ? "" : " ") + words[end]
                guard Lexicon.placePrefixes.contains(key) else { break }
                if let kinds = Lexicon.places[key] { found = (end, kinds) }
            }
            guard let (end, kinds) = found else {
                start += 1
                continue
            }
            for i in start...end {
                for kind in kinds {
                    var feature = StableHash(i == start ? "placeB" : "placeI")
                    feature.combine(kind)
                    tags[i].append(feature.value)
                }
            }
            start = end + 1
        }
        return tags
    }

    /// The word's shape with runs folded: "Osage" → "Xx", "R&B" → "X&X", "2030" → "d".
    static func shape(_ surface: String) -> String {
        if surface.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            for byte in surface.utf8 {
                let c: UInt8 = (0x41...0x5A).contains(byte) ? 0x58 : (0x61...0x7A).contains(byte) ? 0x78 : (0x30...0x39).contains(byte) ? 0x64 : byte
                if out.last != c { out.append(c) }
            }
            return String(decoding: out, as: UTF8.self)
        }
        var out = ""
        var last: Character?
        for scalar in surface.unicodeScalars {
            let c: Character
            if scalar.properties.isUppercase { c = "X" } else if scalar.properties.isLowercase { c = "x" } else if scalar.properties.numericType != nil { c = "d" } else { c = Character(scalar) }
            if c != last { out.append(c) }
            last = c
        }
        return out
    }
}

/// Training settings, chosen on the benchmark's dev split (see Benchmarks/NLU).
enum Tuning {
    /// Classifier epochs (dev split: 6, 8 and 12 within 0.003 of each other; 6 trains fastest).
    static let epochs = 6
    /// Sentences generated per intent, roughly. (Made-up slot values in some of them taught
    /// the tagger less than listed ones: dev split slot F1 0.789 with 15% made up, 0.808 with
    /// none; so values are made up only for types that list none.)
    static let perIntent = 700

    /// Sentences per intent for a model of `intents` intents: `perIntent`, fewer past 34
    /// intents so that training stays bounded (each sentence costs a step over every intent,
    /// so a fixed number per intent made training grow with the square of the intents: 300
    /// intents took 34 s and 0.9 GB). No worse for it: HWU64's 64 intents as one skill, dev
    /// split, intent 0.858 and slot F1 0.683 at 700 per intent, 0.862 and 0.687 at 375.
    static func perIntent(intents: Int) -> Int { max(40, min(perIntent, 24_000 / max(intents, 1))) }
    static let tagEpochs = 4
    /// Sentences per sample the taggers learn from at least, so that they meet many values in
    /// each context (dev split, ~1,700 per intent: slot F1 0.941 with one, 0.948 with two,
    /// 0.952 with four, 0.956 with ten, 0.954 with sixteen; training 1.2 s, 1.9 s, 3.3 s,
    /// 7.4 s, 12.6 s). Skills with few samples make more copies anyway.
    static let tagCopies = 10
    /// Perceptrons averaged per tagger (dev split, 70 per intent: slot F1 0.798–0.809 for one
    /// run of 10 epochs depending on its seed, 0.817 for four of 4; later 0.829 for three and
    /// 0.832 for four; with ~1,700 per intent, 0.954 for three and 0.955 for four. Four over
    /// seven training seeds at 70: slot F1 0.8462 → 0.8478 on average, higher with every seed;
    /// the shipped model 0.8490 → 0.8502. Four once took training at load past 0.5 s; since
    /// each sentence's listed-value features are encoded once it costs what three did.)
    static let tagRuns = 4
    /// How much a sentence's meaning (`WordVectors`, length 1) weighs beside its words (whose
    /// features, scaled by 1 / √count, have length about 1).
    /// (HWU64 dev split, each sentence to its own skill alone, by scale 0 / 0.5 / 1 / 1.5 / 2:
    /// at 10 samples per intent 0.688 / 0.714 / 0.725 / 0.722 / 0.720; at ~124, 0.921 / 0.927 /
    /// 0.930 / 0.924 / 0.921. Snips, one skill: within 0.002 at 70 and full size.)
    static let meaningScale: Float = 1
}
