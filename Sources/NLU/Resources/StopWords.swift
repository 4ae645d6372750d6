/// English function words: they say little about what a sentence is for.
enum StopWords {
    static let all: Set<String> = [
        "a", "an", "the", "and", "or", "but", "if", "of", "at", "by", "for", "with", "about", "to", "from", "in", "on",
        "up", "down", "out", "over", "under", "again", "then", "once", "here", "there", "when", "where", "why", "how",
        "all", "any", "both", "each", "few", "more", "most", "other", "some", "such", "no", "nor", "not", "only", "own",
        "same", "so", "than", "too", "very", "can", "will", "just", "should", "now", "i", "me", "my", "we", "our", "you",
        "your", "he", "him", "his", "she", "her", "it", "its", "they", "them", "their", "what", "which", "who", "whom",
        "this", "that", "these", "those", "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had",
        "do", "does", "did", "would", "could", "i'm", "it's", "that's", "what's", "let's", "please", "want", "like",
        "i'd", "get", "give", "tell", "know", "is", "um", "uh", "ok", "okay", "hey", "hi", "thanks", "thank",
    ]
}
