// A libFuzzer target for what espeak-ng is given of a skill's speech (Voice's SpokenSSML): any
// text a skill could send. Compiled into Sources/Voice/SpokenSSML.swift by scripts/fuzz.sh (not
// part of the package build). For every input the result must be one <speak> element holding
// only the tags espeak-ng is meant to see, each closed in order: nothing in the input, however
// malformed, reaches espeak-ng as markup of its own.

@_cdecl("LLVMFuzzerTestOneInput")
public func spokenSSMLFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let spoken = SpokenSSML.forSpeech(input)
    guard spoken.utf8.starts(with: "<speak>".utf8), spoken.utf8.reversed().starts(with: "</speak>".utf8.reversed()) else { fatalError("not one <speak> element: \(spoken)") }
    let allowed: Set<String> = ["speak", "break", "prosody", "emphasis", "p", "s"]
    var open: [String] = []
    for token in SpokenSSML.Tokens(spoken) {
        switch token {
        case .open(let name, _, let selfClosing):
            guard allowed.contains(name) else { fatalError("tag <\(name)> reached espeak-ng from \(input.debugDescription)") }
            if !selfClosing { open.append(name) }
        case .close(let name):
            guard open.popLast() == name else { fatalError("</\(name)> out of order in \(spoken)") }
        case .text(let text):
            // Text tokens come back decoded: a "<" in them was written escaped.
            _ = text
        }
    }
    guard open.isEmpty else { fatalError("left open: \(open) in \(spoken)") }
    return 0
}
