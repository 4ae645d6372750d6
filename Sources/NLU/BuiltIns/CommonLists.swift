/// The values of two small built-in lists this project ships: languages people name (AMAZON.Language)
/// and colours (AMAZON.Color). Open like Alexa's, so an unlisted value is still taken, as an
/// unlisted one: these tell "spanish" from "timer for ten minutes".
enum CommonLists {
    static let languages: [String] = [
        "Afrikaans", "Albanian", "Amharic", "Arabic", "Armenian", "Azerbaijani", "Basque", "Belarusian", "Bengali",
        "Bosnian", "Bulgarian", "Burmese", "Cantonese", "Catalan", "Cebuano", "Chinese", "Croatian", "Czech", "Danish",
        "Dutch", "English", "Esperanto", "Estonian", "Farsi", "Filipino", "Finnish", "Flemish", "French", "Gaelic",
        "Galician", "Georgian", "German", "Greek", "Gujarati", "Haitian Creole", "Hausa", "Hawaiian", "Hebrew", "Hindi",
        "Hmong", "Hungarian", "Icelandic", "Igbo", "Indonesian", "Irish", "Italian", "Japanese", "Javanese", "Kannada",
        "Kazakh", "Khmer", "Korean", "Kurdish", "Lao", "Latin", "Latvian", "Lithuanian", "Luxembourgish", "Macedonian",
        "Malagasy", "Malay", "Malayalam", "Maltese", "Mandarin", "Maori", "Marathi", "Mongolian", "Navajo", "Nepali",
        "Norwegian", "Pashto", "Persian", "Polish", "Portuguese", "Punjabi", "Quechua", "Romanian", "Russian", "Samoan",
        "Scottish Gaelic", "Serbian", "Sign Language", "Sindhi", "Sinhala", "Slovak", "Slovenian", "Somali", "Spanish",
        "Swahili", "Swedish", "Tagalog", "Tajik", "Tamil", "Telugu", "Thai", "Tibetan", "Turkish", "Turkmen", "Ukrainian",
        "Urdu", "Uzbek", "Vietnamese", "Welsh", "Xhosa", "Yiddish", "Yoruba", "Zulu",
    ]

    static let colors: [String] = [
        "amber", "aqua", "azure", "beige", "black", "blue", "bronze", "brown", "burgundy", "charcoal", "coral", "cream",
        "crimson", "cyan", "emerald", "fuchsia", "gold", "golden", "gray", "green", "grey", "indigo", "ivory", "jade",
        "khaki", "lavender", "lemon", "light blue", "lilac", "lime", "magenta", "maroon", "mauve", "mint", "navy",
        "navy blue", "olive", "orange", "peach", "pink", "plum", "purple", "red", "rose", "ruby", "salmon", "sapphire",
        "scarlet", "silver", "sky blue", "tan", "teal", "turquoise", "violet", "warm white", "white", "yellow", "dark blue",
        "dark green", "light green", "hot pink", "cool white", "daylight", "soft white",
    ]
}
