/// The features the classifier and the tagger read, as stable hashes.
enum Features {
    /// Sentence features for intent classification: words, word pairs, and character
    /// 3- and 4-grams of each word (so "playlists" shares with "playlist").
    static func sentence(_ words: [String], gazetteer: [Gazetteer.Match]) -> [UInt64] {
        var features: [UInt64] = [StableHash("bias").value]
        var previous = "<s>"
        for word in words {
            features.append(StableHash.of("w", word))
            var pair = StableHash("b")
            pair.combine(previous)
            pair.combine(word)
            features.append(pair.value)
            previous = word
            let scalars = Array("^\(word)$".unicodeScalars)
            for n in 3...4 where scalars.count >= n && Tuning.charGrams {
                for i in 0...(scalars.count - n) {
                    var gram = StableHash("c")
                    gram.combine(String(String.UnicodeScalarView(scalars[i..<(i + n)])))
                    features.append(gram.value)
                }
            }
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
        return features
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
    static func addGazetteer(_ matches: [Gazetteer.Match], to features: inout [[UInt64]], keep: (Int) -> Bool = { _ in true }) {
        for (m, match) in matches.enumerated() where keep(m) {
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

    /// Per-word features without the gazetteer.
    static func tokens(surfaces: [String], words: [String]) -> [[UInt64]] {
        let count = words.count
        func word(_ i: Int) -> String { i < 0 ? "<s>" : i >= count ? "</s>" : words[i] }
        let placeTags = places(words)
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
            features.append(StableHash.of("shape", shape(surfaces[i])))
            features.append(StableHash.of("shape-1", i > 0 ? shape(surfaces[i - 1]) : "<s>"))
            features.append(StableHash.of("shape+1", i + 1 < count ? shape(surfaces[i + 1]) : "</s>"))
            let scalars = Array(w.unicodeScalars)
            for n in 2...4 where scalars.count > n {
                var prefix = StableHash("prefix")
                prefix.combine(String(String.UnicodeScalarView(scalars[..<n])))
                features.append(prefix.value)
                var suffix = StableHash("suffix")
                suffix.combine(String(String.UnicodeScalarView(scalars[(scalars.count - n)...])))
                features.append(suffix.value)
            }
            if NumberWords.value(of: [w]) != nil { features.append(StableHash("num").value) }
            for (offset, name) in [(0, "lex0"), (-1, "lex-1"), (1, "lex+1")] where i + offset >= 0 && i + offset < count {
                for wordClass in Lexicon.classes(of: words[i + offset]) {
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
    static let charGrams = true
    static let epochs = 12
    /// Percent of generated slot values made up rather than taken from the list.
    /// Made-up values taught the tagger less than the listed ones did (dev split: slot F1
    /// 0.789 with 15% made up, 0.808 with none), so they are used only for types that list
    /// no values.
    static let unseen = 0
    static let perIntent = 700
    static let step: Float = 1
    static let tagEpochs = 10
}
