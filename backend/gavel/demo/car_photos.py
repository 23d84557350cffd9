"""Demo vehicle photos drawn locally with Pillow (no downloads): a side view of a car in its colour."""

import io

from PIL import Image, ImageDraw

from gavel.storage import FileStore
from gavel.uploads.service import StoredFile, store_image

COLOURS = {
    "White": (238, 238, 232),
    "Black": (30, 30, 34),
    "Silver": (176, 180, 186),
    "Grey": (110, 114, 120),
    "Red": (170, 30, 36),
    "Blue": (28, 70, 150),
    "Beige": (214, 196, 160),
    "Green": (40, 96, 60),
}
TALL = {"SUV", "Pickup", "Van", "Minivan", "Truck", "Crossover"}


def draw_car(colour: str, body_style: str, label: str) -> bytes:
    width, height = 800, 600
    image = Image.new("RGB", (width, height), (205, 222, 235))
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 420, width, height), fill=(196, 182, 150))  # the yard's sand
    paint = COLOURS.get(colour, (150, 150, 150))
    top = 230 if body_style in TALL else 270
    pen.rounded_rectangle((120, top + 60, 680, 420), radius=40, fill=paint, outline=(40, 40, 40), width=4)
    pen.rounded_rectangle((230, top, 560, top + 90), radius=30, fill=paint, outline=(40, 40, 40), width=4)
    pen.rectangle((255, top + 15, 390, top + 75), fill=(120, 160, 190))
    pen.rectangle((405, top + 15, 535, top + 75), fill=(120, 160, 190))
    for x in (230, 570):
        pen.ellipse((x - 55, 365, x + 55, 475), fill=(25, 25, 25))
        pen.ellipse((x - 25, 395, x + 25, 445), fill=(160, 160, 160))
    pen.text((30, 30), label, fill=(20, 40, 60))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=80)
    return buffer.getvalue()


class PhotoStudio:
    """One photo per colour and body style, shared by the demo vehicles that look alike."""

    def __init__(self, store: FileStore) -> None:
        self.store = store
        self.cache: dict[tuple[str, str], StoredFile] = {}

    async def photo(self, colour: str, body_style: str) -> StoredFile:
        key = (colour, body_style)
        if key not in self.cache:
            content = draw_car(colour, body_style, f"Demo photo: {colour} {body_style}")
            self.cache[key] = await store_image(
                self.store, "vehicles", f"demo-{colour}-{body_style}.jpg", content, thumbnail=True
            )
        return self.cache[key]
