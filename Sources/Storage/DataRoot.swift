import Foundation

/// Where the data root is: `--data DIR` when given, else `$SKILLHOST_DATA_DIR`, else
/// `$XDG_DATA_HOME/skillhost`, else `~/.local/share/skillhost`.
public enum DataRoot {
    public static let environmentVariable = "SKILLHOST_DATA_DIR"

    public static func resolve(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let variable = environment[environmentVariable], !variable.isEmpty { return variable }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/skillhost" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/skillhost"
    }
}
