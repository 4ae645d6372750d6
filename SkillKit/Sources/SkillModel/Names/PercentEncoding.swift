/// Percent-encoding as RFC 3986 and AWS Signature Version 4 have it: every byte of the UTF-8
/// but the unreserved characters (letters, digits, `-`, `.`, `_`, `~`) as `%XX`, upper-case.
public enum PercentEncoding {
    public static func unreserved(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
