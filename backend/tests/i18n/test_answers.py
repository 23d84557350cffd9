"""Issue 27: the API answers a staff user in their language, chosen by Accept-Language. With `ar` its error
sentences (ours, the framework's and pydantic's) and its success sentences come in Arabic; with `en`, with no
header, or for a sentence the catalogue does not know, they are the English ones as before."""

from typing import Any

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from gavel.core.middleware import RequestContextMiddleware
from gavel.i18n import current_language, language_from_header, translate
from gavel.i18n.catalogue import Catalogue, counted
from gavel.i18n.language import Language
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import admin_headers, bearer, login
from tests.locations.test_locations import yard

AR = {"Accept-Language": "ar"}
EN = {"Accept-Language": "en"}


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, Language.EN),
        ("", Language.EN),
        ("en", Language.EN),
        ("ar", Language.AR),
        ("ar-AE", Language.AR),
        ("AR-ae;q=0.9, fr", Language.AR),
        ("fr, de;q=0.5", Language.EN),
        ("en, ar", Language.EN),  # equal q: the first one listed is preferred
        ("ar, en", Language.AR),
        ("en;q=0.5, ar;q=0.8", Language.AR),
        ("en-GB;q=0.9, ar-SA;q=0.4", Language.EN),
        ("ar;q=0, en;q=0.1", Language.EN),  # q=0: not acceptable
        ("ar;q=0", Language.EN),
        ("ar;q=abc", Language.EN),  # an unreadable q is taken as 0
        ("*", Language.EN),
        ("xx-ar", Language.EN),
    ],
)
def test_the_language_of_an_accept_language_header(header: str | None, language: Language) -> None:
    assert language_from_header(header) is language


async def test_an_exception_handler_sees_the_requests_language() -> None:
    class Refused(Exception):
        pass

    app = FastAPI()

    @app.get("/refused")
    async def refused() -> None:
        raise Refused

    @app.exception_handler(Refused)
    async def handle(request: Any, exc: Refused) -> Any:
        from fastapi.responses import JSONResponse

        return JSONResponse({"language": current_language().value}, status_code=400)

    app.add_middleware(RequestContextMiddleware)
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        assert (await client.get("/refused", headers=AR)).json() == {"language": "ar"}
        assert (await client.get("/refused", headers=EN)).json() == {"language": "en"}
        assert (await client.get("/refused")).json() == {"language": "en"}
    assert current_language() is Language.EN  # the request's language does not outlive it


async def test_a_nul_in_the_address_is_refused_in_the_request_language(client: AsyncClient) -> None:
    """The middleware's own refusal goes through its Arabic pass like any envelope written elsewhere."""
    arabic = await client.get("/api/locations/a%00b", headers=AR)
    assert arabic.status_code == 404
    assert arabic.json() == {
        "message": "غير موجود: لا يمكن أن يحتوي العنوان على الرمز NUL (%00).",
        "errors": [],
    }
    english = await client.get("/api/locations/a%00b", headers=EN)
    assert english.json()["message"] == "Not found: an address cannot contain a NUL character (%00)."


async def test_a_404_of_an_unknown_route(client: AsyncClient) -> None:
    for path in ("/api/no-such-thing", "/api/locations/no-such-thing/deeper"):
        arabic = await client.get(path, headers=AR)
        assert arabic.status_code == 404
        assert arabic.json() == {"message": "غير موجود.", "errors": []}
        assert int(arabic.headers["content-length"]) == len(arabic.content)
        for headers in (EN, {}):
            english = await client.get(path, headers=headers)
            assert english.json() == {"message": "Not found.", "errors": []}
        head = await client.head(path, headers=AR)
        assert head.status_code == 404
        assert int(head.headers["content-length"]) in (len(arabic.content), len(english.content))


async def test_a_422_of_a_missing_field(client: AsyncClient) -> None:
    arabic = await client.post("/api/auth/login", json={"password": "x"}, headers=AR)
    assert arabic.status_code == 422
    assert arabic.json() == {
        "message": "حقل «Email» مطلوب.",
        "errors": [{"field": "email", "message": "هذا الحقل مطلوب."}],
    }
    english = await client.post("/api/auth/login", json={"password": "x"}, headers=EN)
    assert english.json() == {
        "message": "Email is required.",
        "errors": [{"field": "email", "message": "This field is required."}],
    }


async def test_a_422_of_pydantic_by_its_type_and_context(client: AsyncClient) -> None:
    body = {"email": "a" * 255 + "@example.com", "password": "x"}
    arabic = await client.post("/api/auth/login", json=body, headers=AR)
    assert arabic.status_code == 422
    assert arabic.json()["message"] == "يجب ألا يزيد النص على 254 حرف."
    assert arabic.json()["errors"] == [{"field": "email", "message": "يجب ألا يزيد النص على 254 حرف."}]
    english = await client.post("/api/auth/login", json=body)
    assert english.json()["message"] == "String should have at most 254 characters"


async def test_a_422_of_several_fields(client: AsyncClient) -> None:
    arabic = await client.post("/api/auth/login", json={}, headers=AR)
    assert arabic.json()["message"] == "بعض الحقول غير صحيحة."
    assert {e["message"] for e in arabic.json()["errors"]} == {"هذا الحقل مطلوب."}


async def test_a_401(client: AsyncClient) -> None:
    arabic = await client.get("/api/auth/me", headers=AR)
    assert arabic.status_code == 401
    assert arabic.json()["message"] == "يرجى تسجيل الدخول للمتابعة."
    english = await client.get("/api/auth/me")
    assert english.json()["message"] == "Please sign in to continue."


async def test_a_failed_sign_in(client: AsyncClient) -> None:
    body = {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD + "-wrong"}
    arabic = await client.post("/api/auth/login", json=body, headers=AR)
    assert arabic.status_code == 401
    assert arabic.json()["message"] == "البريد الإلكتروني أو كلمة المرور غير صحيحة"
    english = await client.post("/api/auth/login", json=body, headers=EN)
    assert english.json()["message"] == "Invalid email or password"


async def test_a_domain_error_with_its_values(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    first = await client.post("/api/locations/create", json=yard(), headers=admin)
    assert first.status_code == 201, first.text
    arabic = await client.post("/api/locations/create", json=yard(), headers={**admin, **AR})
    assert arabic.status_code == 409, arabic.text
    assert arabic.json()["message"] == "يوجد بالفعل موقع باسم «Al Quoz Yard» في Al Quoz."
    english = await client.post("/api/locations/create", json=yard(), headers=admin)
    assert english.json()["message"] == 'A location titled "Al Quoz Yard" already exists in Al Quoz.'


async def test_a_message_response(client: AsyncClient) -> None:
    for headers, sentence in ((AR, "تم تسجيل خروجك."), (EN, "You have been signed out."), ({}, None)):
        signed = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
        out = await client.post("/api/auth/logout", headers={**bearer(signed["token"]), **headers})
        assert out.status_code == 200, out.text
        assert out.json() == {"message": sentence or "You have been signed out."}


def test_an_unknown_sentence_stays_english() -> None:
    unknown = "This sentence is in no catalogue."
    assert translate(unknown, Language.AR) == unknown
    assert translate("Not found. Really.", Language.AR) == "Not found. Really."
    assert translate("Not found.", Language.AR) == "غير موجود."
    assert translate("Not found.", Language.EN) == "Not found."
    assert translate("Not found.") == "Not found."  # outside a request: English


def test_templates_match_the_most_specific_and_translate_their_values() -> None:
    catalogue = Catalogue(
        {
            "{who} is required.": "{who} مطلوب.",
            "The {what} of {who} is required.": "{what} الخاص بـ {who} مطلوب.",
            "Your password has been changed.{others}": "تم تغيير كلمة المرور.{others}",
            "Try again in {wait}.": "حاول بعد {wait}.",
            "Two sessions ended.": "انتهت جلستان.",
            "Literal {{braces}} and {x}.": "أقواس {{braces}} و{x}.",
        }
    )
    assert catalogue.translate("Email is required.") == "Email مطلوب."
    assert catalogue.translate("The name of Sara is required.") == "name الخاص بـ Sara مطلوب."
    assert catalogue.translate("Your password has been changed. Two sessions ended.") == (
        "تم تغيير كلمة المرور. انتهت جلستان."
    )
    assert catalogue.translate("Try again in 5 minutes.") == "حاول بعد 5 دقائق."
    assert catalogue.translate("Literal {braces} and 7.") == "أقواس {braces} و7."
    assert catalogue.translate("Nothing like it.") == "Nothing like it."


def test_counted_nouns() -> None:
    assert counted("1 minute") == "دقيقة واحدة"
    assert counted("2 seconds") == "ثانيتين"
    assert counted("7 sessions") == "7 جلسات"
    assert counted("45 seconds") == "45 ثانية"
    assert counted("seven sessions") is None


async def test_an_internal_error_in_arabic() -> None:
    """The handler of unexpected errors runs outside the request's middleware: it reads the language the
    middleware left in the request's state."""
    from gavel.core.database_errors import install_database_error_handlers
    from gavel.errors import install_error_handlers

    app = FastAPI()

    @app.get("/broken")
    async def broken() -> None:
        raise RuntimeError("a bug")

    install_error_handlers(app)
    install_database_error_handlers(app)
    app.add_middleware(RequestContextMiddleware)
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        arabic = await client.get("/broken", headers=AR)
        english = await client.get("/broken")
    assert arabic.status_code == 500
    assert arabic.json()["message"] == "خطأ داخلي"
    assert english.json()["message"] == "Internal error"


def test_sentences_built_with_counts_states_and_pieces() -> None:
    assert translate("3 locations set to inactive.", Language.AR) == "تم تغيير حالة 3 مواقع إلى غير نشط."
    assert translate("1 charge deleted.", Language.AR) == "تم حذف رسم واحد."
    assert translate("3 charges set active.", Language.AR) == "تم تغيير حالة 3 رسوم إلى نشط."
    # a count is digits first: a sentence of that shape without one is not taken for it
    assert (
        translate("Your password was set by an admin.", Language.AR) == "Your password was set by an admin."
    )
    assert translate("Too many wrong codes. Please try again in 2 minutes.", Language.AR) == (
        "رموز خاطئة كثيرة. يرجى المحاولة بعد دقيقتين."
    )
    assert (
        translate(
            "Sara's session has already ended (they signed out). Refresh the list to see the live sessions.",
            Language.AR,
        )
        == "انتهت جلسة Sara بالفعل (سجّل خروجه). حدّث القائمة لرؤية الجلسات النشطة."
    )


def test_a_sentence_field_of_an_answer() -> None:
    from gavel.i18n import reset_language, set_language
    from gavel.schemas import MessageResponse

    assert MessageResponse(message="Not found.").message == "Not found."
    token = set_language(Language.AR)
    try:
        assert MessageResponse(message="Not found.").message == "غير موجود."
        assert MessageResponse(message="Something else.").message == "Something else."
    finally:
        reset_language(token)


def test_a_template_with_too_little_text_matches_nothing_but_itself() -> None:
    catalogue = Catalogue({"{name} is {state}.": "{name} {state}.", "{count} deleted.": "تم حذف {count}."})
    assert catalogue.translate("The file is empty.") == "The file is empty."
    assert catalogue.translate("2 roles deleted.") == "تم حذف دورين."
    assert catalogue.translate("The " + "is " * 400 + ".") == "The " + "is " * 400 + "."


async def test_a_password_change(client: AsyncClient) -> None:
    from gavel.i18n.catalogue import catalogue

    assert catalogue().translate("Your password has been changed.") == "تم تغيير كلمة المرور."
    assert catalogue().translate("Your password has been changed. 2 other sessions ended.") == (
        "تم تغيير كلمة المرور. عدد الجلسات الأخرى التي انتهت: 2."
    )
    headers = await admin_headers(client)
    new = ADMIN_PASSWORD + "-New"
    body = {"currentPassword": ADMIN_PASSWORD, "password": new, "confirmPassword": new}
    changed = await client.put("/api/auth/change-password", json=body, headers={**headers, **AR})
    assert changed.status_code == 200, changed.text
    assert changed.json()["message"] == "تم تغيير كلمة المرور."


async def test_a_422_of_our_own_validator(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    arabic = await client.post("/api/locations/create", json=yard(title="A"), headers={**admin, **AR})
    assert arabic.status_code == 422, arabic.text
    assert arabic.json()["errors"] == [{"field": "title", "message": "أدخل اسمًا من حرفين على الأقل."}]
    english = await client.post("/api/locations/create", json=yard(title="A"), headers=admin)
    assert english.json()["errors"] == [
        {"field": "title", "message": "Enter a title of at least 2 characters."}
    ]
