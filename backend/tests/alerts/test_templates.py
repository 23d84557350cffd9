"""Templates: Jinja's sandbox with strict variables, unknown variables refused by name, Arabic, SMS segments,
and every default template valid in both languages."""

import pytest
from jinja2 import UndefinedError
from jinja2.exceptions import SecurityError

from gavel.alerts import defaults, templates
from gavel.alerts.catalog import Channel, Event, sample_context, variables_of
from gavel.errors import Invalid


def test_a_template_using_an_unknown_variable_is_refused_naming_it() -> None:
    with pytest.raises(Invalid) as refused:
        templates.check(
            {"bodyEn": "Hello {{ member.firstName }}, lot {{ vehicle.lot }}", "bodyAr": "مرحباً"},
            Event.MEMBER_APPROVED,
        )
    assert refused.value.status_code == 422
    assert refused.value.message.startswith("The English text uses the unknown variable vehicle.lot.")
    assert "member.firstName" in refused.value.message  # the variables it may use are listed
    assert [(e.field, e.message) for e in refused.value.errors] == [
        ("bodyEn", "The English text uses the unknown variable vehicle.lot.")
    ]


def test_unknown_variables_of_several_texts_are_each_named() -> None:
    with pytest.raises(Invalid) as refused:
        templates.check(
            {
                "subjectEn": "{{ invoice.number }}",
                "bodyEn": "{{ member.middleName }} {{ colour }}",
                "bodyAr": "{{ member['nickname'] }} {% if vehicle.lot %}{{ vehicle.lot }}{% endif %}",
            },
            Event.INVOICE_ISSUED,
        )
    assert refused.value.message.startswith("Some texts of the template are not valid.")
    assert [(e.field, e.message) for e in refused.value.errors] == [
        ("bodyEn", "The English text uses the unknown variables member.middleName, colour."),
        ("bodyAr", "The Arabic text uses the unknown variable member.nickname."),
    ]


def test_names_a_template_sets_itself_and_known_variables_in_expressions_are_accepted() -> None:
    source = (
        "{% set name = member.firstName | upper %}{{ name }} {% set words = [vehicle.title, vehicle.lot] %}"
        "{{ words[0] }}1{{ words[1] }}2 {{ invoice.total if not invoice.paidInFull else '' }}"
    )
    templates.check({"body": source}, Event.INVOICE_ISSUED)
    assert templates.used_variables(source) == [
        "member.firstName",
        "vehicle.title",
        "vehicle.lot",
        "invoice.paidInFull",  # in the order Jinja reads them: the condition first
        "invoice.total",
    ]
    context = sample_context(Event.INVOICE_ISSUED)
    assert templates.render(source, context) == ("KHALID 2021 Toyota Land Cruiser GXR110422 AED 25,472.50")


def test_a_template_jinja_cannot_read_is_refused_with_its_line() -> None:
    with pytest.raises(Invalid) as refused:
        templates.check({"bodyEn": "Hello\n{{ member.firstName "}, Event.MEMBER_APPROVED)
    assert refused.value.errors[0].field == "bodyEn"
    assert refused.value.errors[0].message.startswith("The English text cannot be read (line 2)")
    with pytest.raises(Invalid) as unknown_filter:
        templates.check({"bodyAr": "{{ member.firstName | shout }}"}, Event.MEMBER_APPROVED)
    assert "shout" in unknown_filter.value.errors[0].message


def test_the_sandbox_keeps_templates_to_their_variables() -> None:
    with pytest.raises(Invalid) as refused:
        templates.check({"body": "{{ member.__class__.__mro__ }}"}, Event.MEMBER_APPROVED)
    assert "member.__class__.__mro__" in refused.value.errors[0].message
    with pytest.raises(SecurityError):
        templates.render("{{ x.__class__.__mro__ }}", {"x": "text"})
    with pytest.raises(UndefinedError):  # strict: a missing value is an error, never an empty string
        templates.render("Hello {{ member.firstName }}", {"member": {}})
    with pytest.raises(UndefinedError):  # no globals such as range() or lipsum()
        templates.render("{{ range(3) }}", {})


def test_arabic_templates_render_right_to_left_text_and_arabic_words() -> None:
    source = (
        "مرحباً {{ member.firstName }}، استلمنا دفعتك بمبلغ {{ payment.amount }} عن طريق {{ payment.method }}."
    )
    context = sample_context(Event.PAYMENT_VERIFIED, "ar")
    context["member"] = {**context["member"], "firstName": "خالد"}
    assert templates.render(source, context) == (
        "مرحباً خالد، استلمنا دفعتك بمبلغ AED 25,472.50 عن طريق التحويل البنكي."
    )
    assert sample_context(Event.PAYMENT_VERIFIED, "en")["payment"]["method"] == "bank transfer"
    html = templates.email_html("تم", "مرحباً <خالد>\n\nسطر\nثانٍ", "ar")
    assert '<html lang="ar" dir="rtl">' in html and "text-align:right" in html
    assert "<p>مرحباً &lt;خالد&gt;</p>" in html and "<p>سطر<br>ثانٍ</p>" in html


@pytest.mark.parametrize(
    ("text", "encoding", "units", "segments", "remaining"),
    [
        ("", "GSM-7", 0, 0, 160),
        ("a" * 160, "GSM-7", 160, 1, 0),
        ("a" * 161, "GSM-7", 161, 2, 153 * 2 - 161),
        ("a" * 306, "GSM-7", 306, 2, 0),
        ("a" * 307, "GSM-7", 307, 3, 152),
        ("€" * 80, "GSM-7", 160, 1, 0),  # extension characters count two
        ("{}" * 40 + "a", "GSM-7", 161, 2, 144),
        ("a" * 152 + "[" + "a" * 10, "GSM-7", 164, 2, 141),  # the escape pair is never split
        ("Hello é Ü ñ @ £", "GSM-7", 15, 1, 145),  # in the GSM alphabet
        ("ب" * 70, "UCS-2", 70, 1, 0),
        ("ب" * 71, "UCS-2", 71, 2, 63),
        ("ب" * 134, "UCS-2", 134, 2, 0),
        ("ب" * 135, "UCS-2", 135, 3, 66),
        ("Price: 25,000 AED \u2019", "UCS-2", 19, 1, 51),  # one curly quote makes the whole text UCS-2
        ("😀" * 35, "UCS-2", 70, 1, 0),  # outside the basic plane: two units each
        ("a" * 66 + "😀", "UCS-2", 68, 1, 2),
        ("a" * 66 + "😀" + "a" * 3, "UCS-2", 71, 2, 62),  # the emoji's two units stay together
    ],
)
def test_sms_segments(text: str, encoding: str, units: int, segments: int, remaining: int) -> None:
    counted = templates.sms_segments(text)
    assert (counted.encoding, counted.units, counted.segments) == (encoding, units, segments)
    assert (counted.characters, counted.remaining) == (len(text), remaining)
    single, multi = (160, 153) if encoding == "GSM-7" else (70, 67)
    assert counted.per_segment == (single if segments <= 1 else multi)


def test_a_long_arabic_text_takes_as_many_segments_as_67_character_parts() -> None:
    text = "مرحباً خالد، " * 40  # 520 characters
    counted = templates.sms_segments(text)
    assert (counted.encoding, counted.segments) == ("UCS-2", 8)  # 520 / 67 = 7.8


def test_every_default_template_is_valid_and_renders_in_both_languages() -> None:
    rows = defaults.rows()
    assert {(r["event"], r["channel"]) for r in rows} == {(e.value, c.value) for e in Event for c in Channel}
    for row in rows:
        event = Event(row["event"])
        texts = {"subjectEn": row["subject_en"], "subjectAr": row["subject_ar"]}
        templates.check({**texts, "bodyEn": row["body_en"], "bodyAr": row["body_ar"]}, event)
        for language in ("en", "ar"):
            source = row["body_en"] if language == "en" else row["body_ar"]
            body = templates.render(source, sample_context(event, language))
            assert body and "{{" not in body and "{%" not in body
            if language == "ar":
                assert any("\u0600" <= c <= "\u06ff" for c in body), (row["event"], row["channel"])
        if row["channel"] == "sms":
            english = templates.render(row["body_en"], sample_context(event, "en"))
            assert templates.sms_segments(english).encoding == "GSM-7", english
            assert templates.sms_segments(english).segments == 1, english
            arabic = templates.render(row["body_ar"], sample_context(event, "ar"))
            assert templates.sms_segments(arabic).segments <= 3, arabic
        if row["channel"] == "email":
            assert row["subject_en"] and row["subject_ar"]
        if row["channel"] == "whatsapp":  # Meta's template names: lower case, digits and _
            name = row["whatsapp_template_name"] or ""
            assert name.startswith("gavel_") and name == name.lower() and name.replace("_", "").isalnum()


def test_each_event_documents_the_variables_its_templates_may_use() -> None:
    assert set(variables_of(Event.MEMBER_REJECTED)) == {
        "member.firstName", "member.lastName", "member.fullName", "member.email", "member.phone",
        "business.name", "business.phone", "business.email", "reason",
    }  # fmt: skip
    assert "invoice.dueDate" in variables_of(Event.PAYMENT_DUE)
    assert "gatePass.validUntil" in variables_of(Event.GATE_PASS_ISSUED)
    assert "payout.amount" in variables_of(Event.PAYOUT_COMPLETED)
    assert "vehicle.lot" not in variables_of(None)  # a promotion knows the member and us only
