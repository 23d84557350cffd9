"""The Arabic catalogue of the API's sentences against the code (gavel/i18n/ar/<package>.json).

    python scripts/messages.py                 # per package: missing, untranslated, stale, wrong placeholders
    python scripts/messages.py --add-missing   # also write each missing English template with an empty value
    python scripts/messages.py --add-missing --drop-stale   # and remove the entries the code no longer has

A template with too little text of its own ("{name} is {state}.") is noted: it is matched by its exact text
only, never as a pattern. A file is written in the order the sentences appear in the code, the entries no
longer in the code (stale) kept at its end unless --drop-stale. Exits 1 when anything is missing,
untranslated, stale or wrong.
"""

import argparse
import json
import sys

from gavel.i18n.catalogue import FOLDER, PYDANTIC, read, too_general
from gavel.i18n.extract import compare, extract, packages, pydantic_templates


def write(package: str, entries: dict[str, str]) -> None:
    text = json.dumps(entries, ensure_ascii=False, indent=2) + "\n"
    (FOLDER / f"{package}.json").write_text(text, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--add-missing", action="store_true", help="write missing English keys, empty")
    parser.add_argument("--drop-stale", action="store_true", help="remove the keys the code no longer has")
    parser.add_argument("package", nargs="*", help="only these packages (default: all)")
    args = parser.parse_args()

    found = extract()
    files = {p.stem for p in FOLDER.glob("*.json")}
    chosen = args.package or [*sorted(set(packages()) | files - {PYDANTIC}), PYDANTIC]
    failing = False
    for package in chosen:
        entries = read(package)
        english_of = pydantic_templates() if package == PYDANTIC else None
        templates = list(english_of) if english_of is not None else found.get(package, [])
        if not templates and not entries:
            continue
        differences = compare(templates, entries, english_of)
        counts = {
            "missing": differences.missing,
            "untranslated": differences.untranslated,
            "stale": differences.stale,
            "placeholders differ": differences.mismatched,
            "Arabic-Indic digits": differences.indic_digits,
        }
        if any(counts.values()):
            failing = True
            print(f"{package}: " + ", ".join(f"{len(v)} {k}" for k, v in counts.items() if v))
            for kind, texts in counts.items():
                for text in texts:
                    print(f"  {kind}: {text}")
        if english_of is None:
            for text in (t for t in templates if too_general(t)):
                print(f"{package}: note: too little text to be found in a sentence, matched exactly: {text}")
        if args.add_missing and (differences.missing or (args.drop_stale and differences.stale)):
            kept = {t: entries.get(t, "") for t in templates}
            if not args.drop_stale:
                kept.update({t: entries[t] for t in differences.stale})
            write(package, kept)
            print(f"  -> wrote {FOLDER / (package + '.json')}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
