/// Where a partition's persistent attributes are kept in a skill's private container: the
/// document SkillKit's `AttributesManager` reads and writes, and the object a remote skill's S3
/// persistence adapter reaches through the host (one store, whichever SDK the skill uses).
public enum PersistentAttributesKey {
    /// The document key for a partition (a user id, a device id): `attributes.<id>`, with
    /// anything but letters, digits, '.', '-' and '_' percent-encoded, and a very long id
    /// shortened with a hash of it.
    public static func documentKey(_ partition: String) -> String {
        var escaped = ""
        for byte in partition.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                escaped += "%" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        guard escaped.utf8.count > 180 else { return "attributes." + escaped }
        return "attributes." + escaped.prefix(150) + "~" + String(FNV1a.hash(partition.utf8), radix: 16)
    }
}
