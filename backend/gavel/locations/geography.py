"""Where yards can be: the UAE, its seven emirates and their main cities and areas."""

UAE = "United Arab Emirates"

EMIRATES: dict[str, list[str]] = {
    "Abu Dhabi": ["Abu Dhabi", "Al Ain", "Mussafah", "Madinat Zayed", "Ruwais", "Ghayathi", "Liwa"],
    "Dubai": ["Dubai", "Al Quoz", "Ras Al Khor", "Jebel Ali", "Al Aweer", "Hatta", "Dubai Investments Park"],
    "Sharjah": [
        "Sharjah",
        "Industrial Area",
        "Al Saja'a",
        "Khor Fakkan",
        "Kalba",
        "Dibba Al Hisn",
        "Al Dhaid",
    ],
    "Ajman": ["Ajman", "Al Jurf", "Masfout", "Manama"],
    "Umm Al Quwain": ["Umm Al Quwain", "Al Salamah", "Falaj Al Mualla"],
    "Ras Al Khaimah": ["Ras Al Khaimah", "Al Hamra", "Khatt", "Al Jazirah Al Hamra", "Digdaga"],
    "Fujairah": ["Fujairah", "Dibba Al Fujairah", "Masafi", "Qidfa", "Mirbah"],
}

COUNTRIES: dict[str, dict[str, list[str]]] = {UAE: EMIRATES}
