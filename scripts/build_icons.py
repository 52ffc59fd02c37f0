"""Draw the web app's icons (src/wordguess/web/static/icons/): four tiles, two right, one elsewhere,
one absent, on the page's ink; an SVG, PNGs of 192 and 512 px, and a maskable 512 px one (the
tiles within the safe circle, the ink to the edges)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parent.parent / "src" / "wordguess" / "web" / "static" / "icons"
INK, RIGHT, ELSEWHERE, ABSENT = "#1a1a1b", "#538d4e", "#b59f3b", "#787c7e"
TILES = ((RIGHT, ELSEWHERE), (ABSENT, RIGHT))  # the 2x2 tiles, row by row


def squares(size: float, inset: float) -> list[tuple[float, float, float, str]]:
    """Return each tile's (x, y, side, colour) on a square of `size` with `inset` left free around them."""
    gap = size * 0.06
    side = (size - 2 * inset - gap) / 2
    return [(inset + c * (side + gap), inset + r * (side + gap), side, colour)
            for r, row in enumerate(TILES) for c, colour in enumerate(row)]


def svg() -> str:
    tiles = "".join(f'<rect x="{x:g}" y="{y:g}" width="{s:g}" height="{s:g}" rx="4" fill="{colour}"/>'
                    for x, y, s, colour in squares(100, 12))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" '
            f'fill="{INK}"/>{tiles}</svg>\n')


def png(size: int, inset: float, rounded: bool) -> Image.Image:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size * 0.18 if rounded else 0, fill=INK)
    for x, y, s, colour in squares(size, inset):
        draw.rounded_rectangle((x, y, x + s, y + s), radius=size * 0.04, fill=colour)
    return image


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(svg(), encoding="ascii")
    for size in (192, 512):
        png(size, size * 0.12, True).save(ICONS / f"icon-{size}.png", optimize=True)
    png(512, 512 * 0.2, False).save(ICONS / "icon-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
